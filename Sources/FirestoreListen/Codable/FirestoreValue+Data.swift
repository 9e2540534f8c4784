import FirestoreWatch
internal import Foundation

extension FirestoreValue {
    /// The value as `data()` and `get(_:)` give it: String, Bool, `Int` for integers (64 bits on every
    /// platform this library builds for, so no integer is cut), Double, Timestamp, Data, DocumentReference (of
    /// `firestore`), GeoPoint, NSNull, `[Any]` and `[String: Any]`.
    ///
    /// A reference outside `firestore`'s database (which the server does not store) comes as its resource
    /// name, a String.
    func anyValue(in firestore: Firestore) -> Any {
        switch self {
        case .null: NSNull()
        case .boolean(let boolean): boolean
        case .integer(let integer): Int(integer)
        case .double(let double): double
        case .timestamp(let timestamp): timestamp
        case .string(let string): string
        case .bytes(let bytes): Data(bytes)
        case .reference(let name):
            (try? DecodingContext(clients: [firestore], documentReference: nil).reference(named: name, at: [])) ?? name
        case .geoPoint(let latitude, let longitude): GeoPoint(latitude: latitude, longitude: longitude)
        case .array(let elements): elements.map { $0.anyValue(in: firestore) } as [Any]
        case .map(let fields): fields.mapValues { $0.anyValue(in: firestore) } as [String: Any]
        }
    }
}

/// Reads `[String: Any]` data, as `Firestore.Encoder` makes it or a program writes it, into Firestore values.
///
/// Takes what `Firestore.Encoder` gives and `data()` gives: String, Bool, every integer type, Double and Float,
/// NSNumber (from `JSONSerialization`), Timestamp, Date, Data, GeoPoint, DocumentReference, NSNull, nil,
/// arrays and string-keyed dictionaries of these. `FieldValue.serverTimestamp()` reads as null, as a time the
/// server has not set yet reads in Firebase.
struct AnyValueReader {
    /// The clients of the references read, in the order met.
    private(set) var clients: [Firestore] = []

    /// The fields of `data`.
    /// - Throws: `DecodingError.dataCorrupted`, with the path of the value, for a value of another type.
    mutating func fields(of data: [String: Any]) throws -> [String: FirestoreValue] {
        var fields: [String: FirestoreValue] = [:]
        for (name, value) in data {
            fields[name] = try self.value(of: value, at: [FieldKey(name)])
        }
        return fields
    }

    /// The Firestore value of `any`, found at `path`.
    /// - Throws: `DecodingError.dataCorrupted` for a value of a type Firestore does not store.
    mutating func value(of any: Any, at path: [any CodingKey]) throws -> FirestoreValue {
        let type = Swift.type(of: any)
        switch any {
        case is NSNull: return .null
        case let string as String: return .string(string)
        case let boolean as Bool where type == Bool.self: return .boolean(boolean)
        case let double as Double where type == Double.self: return .double(double)
        case let float as Float where type == Float.self: return .double(Double(float))
        case let integer as any FixedWidthInteger where type != Bool.self:
            guard let value = Int64(exactly: integer) else { throw Self.unsupported("integer \(integer)", path) }
            return .integer(value)
        case let number as NSNumber: return try Self.value(of: number, at: path)
        case let timestamp as Timestamp: return .timestamp(timestamp)
        case let date as Date: return .timestamp(Timestamp(date: date))
        case let data as Data: return .bytes([UInt8](data))
        case let point as GeoPoint: return .geoPoint(latitude: point.latitude, longitude: point.longitude)
        case let reference as DocumentReference:
            if !clients.contains(where: { $0 === reference.firestore }) { clients.append(reference.firestore) }
            return .reference(reference.resourceName)
        case let fieldValue as FieldValue:
            guard case .serverTimestamp = fieldValue.kind else {
                throw Self.unsupported("a FieldValue other than serverTimestamp()", path)
            }
            return .null
        case let map as [String: Any]:
            var fields: [String: FirestoreValue] = [:]
            for (name, value) in map {
                fields[name] = try self.value(of: value, at: path + [FieldKey(name)])
            }
            return .map(fields)
        case let array as [Any]:
            var elements: [FirestoreValue] = []
            for (index, element) in array.enumerated() {
                elements.append(try value(of: element, at: path + [IndexKey(index)]))
            }
            return .array(elements)
        case let optional as any OptionalValue:
            guard let wrapped = optional.wrapped else { return .null }
            return try value(of: wrapped, at: path)
        default:
            throw Self.unsupported("a value of type \(type)", path)
        }
    }

    /// An NSNumber by what it holds: a boolean, a floating-point number or an integer.
    private static func value(of number: NSNumber, at path: [any CodingKey]) throws -> FirestoreValue {
        if Swift.type(of: number) == Swift.type(of: NSNumber(value: true)) { return .boolean(number.boolValue) }
        switch String(cString: number.objCType) {
        case "d", "f": return .double(number.doubleValue)
        case "Q", "L", "I":
            guard let value = Int64(exactly: number.uint64Value) else { throw unsupported("integer \(number)", path) }
            return .integer(value)
        default: return .integer(number.int64Value)
        }
    }

    private static func unsupported(_ what: String, _ path: [any CodingKey]) -> DecodingError {
        .dataCorrupted(.init(codingPath: path, debugDescription: "\(what) is not a value Firestore stores"))
    }
}

/// A field name in a coding path.
struct FieldKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }

    init(_ name: String) {
        stringValue = name
    }

    init?(stringValue: String) {
        self.stringValue = stringValue
    }

    init?(intValue: Int) { nil }
}

/// An `Optional` seen through `Any`, to read the value it wraps.
private protocol OptionalValue {
    var wrapped: Any? { get }
}

extension Optional: OptionalValue {
    fileprivate var wrapped: Any? { self.map { $0 as Any } }
}
