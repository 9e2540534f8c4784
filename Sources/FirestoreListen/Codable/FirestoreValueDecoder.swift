import FirestoreWatch
internal import Foundation

/// What every decoder of one decoding shares: the clients that references resolve against, and the document
/// whose fields are decoded (for `@DocumentID`).
struct DecodingContext {
    /// References resolve against the first client whose database holds them.
    let clients: [Firestore]
    /// The document being decoded; nil when decoding data of no document.
    let documentReference: DocumentReference?
}

/// The `Swift.Decoder` behind `Firestore.Decoder`: it reads one `FirestoreValue` at a coding path.
///
/// The types Firestore stores as such (Timestamp, Date, Data, GeoPoint, DocumentReference) and URL (from its
/// string) are read from their values directly, wherever they are; integers are range-checked. Errors are
/// `DecodingError`s that carry the coding path of the value.
final class FirestoreValueDecoder: Swift.Decoder {
    let value: FirestoreValue
    let codingPath: [any CodingKey]
    let context: DecodingContext
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(value: FirestoreValue, codingPath: [any CodingKey], context: DecodingContext) {
        self.value = value
        self.codingPath = codingPath
        self.context = context
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .map(let fields) = value else {
            throw Self.mismatch([String: FirestoreValue].self, expected: "map", value, codingPath)
        }
        return KeyedDecodingContainer(
            KeyedFirestoreValueDecodingContainer(fields: fields, codingPath: codingPath, context: context)
        )
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements) = value else {
            throw Self.mismatch([FirestoreValue].self, expected: "array", value, codingPath)
        }
        return UnkeyedFirestoreValueDecodingContainer(elements: elements, codingPath: codingPath, context: context)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        SingleFirestoreValueDecodingContainer(decoder: self)
    }
}

extension DecodingContext {
    /// Decodes `value`, found at `codingPath`, as a `T`.
    /// - Throws: `DecodingError`: `valueNotFound` for null, `typeMismatch` for another kind of value,
    ///   `dataCorrupted` for an integer out of `T`'s range or a reference of another database.
    func decode<T: Decodable>(_ type: T.Type, from value: FirestoreValue, at codingPath: [any CodingKey]) throws -> T {
        if let scalar = try scalar(type, from: value, at: codingPath) {
            // `scalar(_:from:at:)` returns a value of exactly the type it is asked for.
            return scalar as! T
        }
        return try T(from: FirestoreValueDecoder(value: value, codingPath: codingPath, context: self))
    }

    /// A value of `type` when it is a scalar type, or nil when it is not, so that the type decodes itself.
    private func scalar(_ type: Any.Type, from value: FirestoreValue, at path: [any CodingKey]) throws -> Any? {
        switch (type, value) {
        case (is String.Type, .string(let string)): return string
        case (is Bool.Type, .boolean(let boolean)): return boolean
        case (is Timestamp.Type, .timestamp(let timestamp)): return timestamp
        case (is Date.Type, .timestamp(let timestamp)): return timestamp.dateValue()
        case (is Data.Type, .bytes(let bytes)): return Data(bytes)
        case (is GeoPoint.Type, .geoPoint(let latitude, let longitude)):
            return GeoPoint(latitude: latitude, longitude: longitude)
        case (is DocumentReference.Type, .reference(let name)): return try reference(named: name, at: path)
        case (is URL.Type, .string(let text)):
            guard let url = URL(string: text) else {
                throw DecodingError.dataCorrupted(.init(codingPath: path, debugDescription: "invalid URL '\(text)'"))
            }
            return url
        case (is String.Type, _), (is Bool.Type, _), (is Timestamp.Type, _), (is Date.Type, _), (is Data.Type, _),
            (is GeoPoint.Type, _), (is DocumentReference.Type, _), (is URL.Type, _):
            throw FirestoreValueDecoder.mismatch(type, expected: "\(type)", value, path)
        case (is Double.Type, _): return try Self.double(from: value, at: path)
        case (is Float.Type, _): return try Self.float(from: value, at: path)
        case (is Int.Type, _): return try Self.integer(Int.self, from: value, at: path)
        case (is Int8.Type, _): return try Self.integer(Int8.self, from: value, at: path)
        case (is Int16.Type, _): return try Self.integer(Int16.self, from: value, at: path)
        case (is Int32.Type, _): return try Self.integer(Int32.self, from: value, at: path)
        case (is Int64.Type, _): return try Self.integer(Int64.self, from: value, at: path)
        case (is UInt.Type, _): return try Self.integer(UInt.self, from: value, at: path)
        case (is UInt8.Type, _): return try Self.integer(UInt8.self, from: value, at: path)
        case (is UInt16.Type, _): return try Self.integer(UInt16.self, from: value, at: path)
        case (is UInt32.Type, _): return try Self.integer(UInt32.self, from: value, at: path)
        case (is UInt64.Type, _): return try Self.integer(UInt64.self, from: value, at: path)
        default: return nil
        }
    }

    /// The reference of a resource name, made by the first client whose database holds it.
    /// - Throws: `DecodingError.dataCorrupted` when no client's database holds it.
    func reference(named name: String, at path: [any CodingKey]) throws -> DocumentReference {
        for client in clients {
            let root = client.documentsRoot + "/"
            if name.hasPrefix(root), name.count > root.count {
                return client.document(String(name.dropFirst(root.count)))
            }
        }
        let why =
            clients.first.map { "not a document of \($0.settings.databaseName)" }
            ?? "no Firestore client to resolve it (decode with a document reference)"
        throw DecodingError.dataCorrupted(.init(codingPath: path, debugDescription: "reference \(name): \(why)"))
    }

    /// An integer of `I`'s range, from an integer or a double that holds a whole number.
    private static func integer<I: FixedWidthInteger>(
        _ type: I.Type,
        from value: FirestoreValue,
        at path: [any CodingKey]
    ) throws -> I {
        switch value {
        case .integer(let integer):
            guard let result = I(exactly: integer) else {
                throw DecodingError.dataCorrupted(
                    .init(codingPath: path, debugDescription: "integer \(integer) out of range of \(I.self)")
                )
            }
            return result
        case .double(let double):
            guard let result = I(exactly: double) else {
                throw DecodingError.dataCorrupted(
                    .init(codingPath: path, debugDescription: "double \(double) is not an \(I.self)")
                )
            }
            return result
        default:
            throw FirestoreValueDecoder.mismatch(I.self, expected: "\(I.self)", value, path)
        }
    }

    /// A double, or an integer as the nearest double.
    private static func double(from value: FirestoreValue, at path: [any CodingKey]) throws -> Double {
        switch value {
        case .double(let double): return double
        case .integer(let integer): return Double(integer)
        default: throw FirestoreValueDecoder.mismatch(Double.self, expected: "Double", value, path)
        }
    }

    /// A float, from a double or an integer of `Float`'s range (infinities and NaN kept).
    private static func float(from value: FirestoreValue, at path: [any CodingKey]) throws -> Float {
        let double = try double(from: value, at: path)
        guard !double.isFinite || abs(double) <= Double(Float.greatestFiniteMagnitude) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: path, debugDescription: "\(double) out of range of Float")
            )
        }
        return Float(double)
    }
}

extension FirestoreValueDecoder {
    /// The error for `value` where a `type` was expected: `valueNotFound` for null, else `typeMismatch`.
    static func mismatch(
        _ type: Any.Type,
        expected: String,
        _ value: FirestoreValue,
        _ path: [any CodingKey]
    ) -> DecodingError {
        let context = DecodingError.Context(
            codingPath: path, debugDescription: "expected \(expected), found \(value.kind)")
        if case .null = value { return .valueNotFound(type, context) }
        return .typeMismatch(type, context)
    }
}

extension FirestoreValue {
    /// The kind of the value, for messages: `string`, `geo point`.
    var kind: String {
        switch self {
        case .null: "null"
        case .boolean: "boolean"
        case .integer: "integer"
        case .double: "double"
        case .timestamp: "timestamp"
        case .string: "string"
        case .bytes: "bytes"
        case .reference: "reference"
        case .geoPoint: "geo point"
        case .array: "array"
        case .map: "map"
        }
    }
}
