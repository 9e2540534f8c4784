// Fuzz target `codable`: `Firestore.Decoder` over the fields of a document, into Decodable types with
// every primitive width, optionals, nesting, arrays, `Date` and `Data`. The first byte picks the source:
// 0 decodes the rest as a protobuf `Document` (`Wire.decodeDocument`); anything else builds a `Document`
// from the input whose field names are the properties' names, with values of every kind. A decoded integer
// must be the source's value exactly (range-checked, never wrapped).
import FirestoreWatch
import FirestoreWire

@testable import FirestoreListen

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

private struct Widths: Decodable {
    var bool: Bool?
    var int: Int?
    var int8: Int8?
    var int16: Int16?
    var int32: Int32?
    var int64: Int64?
    var uint: UInt?
    var uint8: UInt8?
    var uint16: UInt16?
    var uint32: UInt32?
    var uint64: UInt64?
    var float: Float?
    var double: Double?
    var string: String?
    var date: Date?
    var data: Data?
    var timestamp: Timestamp?
    var geo: GeoPoint?
}

private struct Nested: Decodable {
    var int8: Int8?
    var list: [Nested]?
    var map: [String: Double]?
    var string: String
}

private struct Required: Decodable {
    var uint8: UInt8
    var int64: Int64
    var string: String
    var list: [Int16]
    var map: Nested
    var data: Data
    var date: Date
}

private enum Kind: String, Decodable {
    case pending
    case completed
}

private struct Mixed: Decodable {
    var string: Kind?
    var list: [UInt32?]?
    var map: [String: [String: Int8]]?
    var double: Float
}

private let names = [
    "bool", "int", "int8", "int16", "int32", "int64", "uint", "uint8", "uint16", "uint32", "uint64", "float",
    "double", "string", "date", "data", "timestamp", "geo", "list", "map",
]

/// A Document whose fields are named as the properties above; each a value of any kind.
private func document(_ input: inout FuzzInput) -> [UInt8] {
    var writer = ProtobufWriter()
    writer.string(1, "projects/p/databases/(default)/documents/c/d")
    let count = input.byte() % 8
    for _ in 0..<count {
        writer.message(2) { entry in
            entry.string(1, names[Int(input.byte()) % names.count])
            entry.message(2) { writeValue(&input, into: &$0, depth: 3) }
        }
    }
    return writer.bytes
}

private func exact<T: BinaryInteger>(_ decoded: T?, _ source: FirestoreValue?, _ name: String) {
    guard let decoded else { return }
    switch source {
    case .integer(let value)?: check(Int64(exactly: decoded) == value, "\(name) \(decoded) from \(value)")
    case .double(let value)?: check(Double(exactly: decoded) == value, "\(name) \(decoded) from \(value)")
    default: check(false, "\(name) \(decoded) from \(String(describing: source))")
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCodable(_ data: UnsafeRawPointer?, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let bytes = input.byte() == 0 ? input.remaining : document(&input)
    guard let fields = try? Wire.decodeDocument(bytes).fields else { return 0 }
    let decoder = Firestore.Decoder()
    if let widths = try? decoder.decode(Widths.self, fields: fields, reference: nil) {
        exact(widths.int, fields["int"], "int")
        exact(widths.int8, fields["int8"], "int8")
        exact(widths.int16, fields["int16"], "int16")
        exact(widths.int32, fields["int32"], "int32")
        exact(widths.int64, fields["int64"], "int64")
        exact(widths.uint, fields["uint"], "uint")
        exact(widths.uint8, fields["uint8"], "uint8")
        exact(widths.uint16, fields["uint16"], "uint16")
        exact(widths.uint32, fields["uint32"], "uint32")
        exact(widths.uint64, fields["uint64"], "uint64")
    }
    _ = try? decoder.decode(Nested.self, fields: fields, reference: nil)
    _ = try? decoder.decode(Required.self, fields: fields, reference: nil)
    _ = try? decoder.decode(Mixed.self, fields: fields, reference: nil)
    _ = try? decoder.decode([String: [Int]].self, fields: fields, reference: nil)
    return 0
}
