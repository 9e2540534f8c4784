internal import Foundation

/// The `Swift.Encoder` behind `Firestore.Encoder`: it builds a tree of `EncodedNode`s, which `Firestore.Encoder`
/// turns into the `[String: Any]` of a document's data.
///
/// One encoder per value being encoded; containers share the boxes of the tree, so a container handed out
/// earlier still fills its place. Not thread-safe: one encoding runs on one thread.
final class FieldsEncoder: Swift.Encoder {
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    /// What this encoder's value became; nil until a container is asked for.
    private(set) var node: EncodedNode?

    init(codingPath: [any CodingKey]) {
        self.codingPath = codingPath
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let map: EncodedMap
        switch node {
        case .map(let existing):
            map = existing
        case nil:
            map = EncodedMap()
            node = .map(map)
        default:
            preconditionFailure("encode(to:) at \(codingPath) asked for a keyed container after another kind")
        }
        return KeyedEncodingContainer(KeyedFieldsEncodingContainer(codingPath: codingPath, map: map))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        let array: EncodedArray
        switch node {
        case .array(let existing):
            array = existing
        case nil:
            array = EncodedArray()
            node = .array(array)
        default:
            preconditionFailure("encode(to:) at \(codingPath) asked for an unkeyed container after another kind")
        }
        return UnkeyedFieldsEncodingContainer(codingPath: codingPath, array: array)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleFieldEncodingContainer(encoder: self)
    }

    /// Sets this encoder's value to a single value; `encode(to:)` may do it once.
    func setSingleValue(_ value: EncodedNode) {
        precondition(node == nil, "encode(to:) at \(codingPath) encoded a second value")
        node = value
    }

    /// The node of `value` at `codingPath`: the types Firestore stores as such are leaves (Timestamp, Date,
    /// Data, GeoPoint, DocumentReference, URL as its string); any other value encodes itself.
    /// - Throws: `EncodingError.invalidValue` from the value's own encoding (an integer beyond Int64.max).
    static func node(of value: some Encodable, at codingPath: [any CodingKey]) throws -> EncodedNode {
        switch value {
        case let timestamp as Timestamp: return .leaf(timestamp)
        case let date as Date: return .leaf(Timestamp(date: date))
        case let data as Data: return .leaf(data)
        case let point as GeoPoint: return .leaf(point)
        case let reference as DocumentReference: return .leaf(reference)
        case let url as URL: return .leaf(url.absoluteString)
        default:
            let encoder = FieldsEncoder(codingPath: codingPath)
            try value.encode(to: encoder)
            return encoder.node ?? .map(EncodedMap())
        }
    }

    /// An integer as Firestore stores it: `Int64`.
    /// - Throws: `EncodingError.invalidValue` for an unsigned value beyond `Int64.max`.
    static func integer(_ value: some FixedWidthInteger, at codingPath: [any CodingKey]) throws -> EncodedNode {
        guard let integer = Int64(exactly: value) else {
            throw EncodingError.invalidValue(
                value,
                EncodingError.Context(
                    codingPath: codingPath,
                    debugDescription: "\(value) is beyond \(Int64.max), the largest integer Firestore stores"
                )
            )
        }
        return .leaf(integer)
    }
}

/// A value the encoder has built: a leaf of the `[String: Any]` it produces, or a container being filled.
enum EncodedNode {
    /// String, Bool, Int64, Double, Timestamp, Data, GeoPoint, DocumentReference, NSNull or FieldValue.
    case leaf(Any)
    case map(EncodedMap)
    case array(EncodedArray)
    /// What a super encoder was given; read when the tree is finished.
    case deferred(FieldsEncoder)

    /// The finished value: containers become `[String: Any]` and `[Any]`.
    var value: Any {
        switch self {
        case .leaf(let leaf): leaf
        case .map(let map): map.entries.mapValues(\.value)
        case .array(let array): array.elements.map(\.value)
        case .deferred(let encoder): (encoder.node ?? .map(EncodedMap())).value
        }
    }
}

/// The fields of a map being encoded; a box, so that nested containers fill it in place.
final class EncodedMap {
    var entries: [String: EncodedNode] = [:]
}

/// The elements of an array being encoded; a box, so that nested containers fill it in place.
final class EncodedArray {
    var elements: [EncodedNode] = []
}

/// The key of an array element in a coding path.
struct IndexKey: CodingKey {
    let intValue: Int?
    var stringValue: String { intValue.map(String.init) ?? "" }

    init(_ index: Int) {
        intValue = index
    }

    init?(intValue: Int) {
        self.intValue = intValue
    }

    init?(stringValue: String) {
        guard let index = Int(stringValue) else { return nil }
        intValue = index
    }
}

/// The key `super` of a super encoder or decoder, as Swift's coders name it.
struct SuperKey: CodingKey {
    var stringValue: String { "super" }
    var intValue: Int? { nil }

    init() {}

    init?(stringValue: String) {
        guard stringValue == "super" else { return nil }
    }

    init?(intValue: Int) { nil }
}
