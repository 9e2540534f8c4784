/// A type that `@DocumentID` can hold: `String` (the document's id) or `DocumentReference`; as in Firebase.
public protocol DocumentIDWrappable {
    /// The value of this type for the document at `documentReference`.
    static func wrap(_ documentReference: DocumentReference) throws -> Self
}

extension String: DocumentIDWrappable {
    /// The document's id: the last segment of its path.
    public static func wrap(_ documentReference: DocumentReference) throws -> String {
        documentReference.documentID
    }
}

extension DocumentReference: DocumentIDWrappable {
    /// The reference itself.
    public static func wrap(_ documentReference: DocumentReference) throws -> Self {
        // A final class: `Self` is `DocumentReference`.
        documentReference as! Self
    }
}

/// A property that holds the id (or the reference) of the document a value was decoded from; as Firebase's.
///
/// `Firestore.Decoder` fills it from the document's reference, whatever the document's fields hold; it is nil
/// when the value was decoded without a document (`Firestore.Decoder().decode(_:from:)` with no reference) or
/// by another decoder. Encoders never write it as a field: the document's id is its name, not its data.
///
/// ```swift
/// struct Ticket: Codable {
///     @DocumentID var id: String?
///     var status: String
/// }
/// let ticket = try snapshot.data(as: Ticket.self)   // ticket.id == snapshot.documentID
/// try Firestore.Encoder().encode(ticket)           // ["status": …], no "id"
/// ```
@propertyWrapper
public struct DocumentID<Value: DocumentIDWrappable & Codable>: Codable {
    private var value: Value?

    /// A wrapper of `value`; nil until the value is decoded from a document.
    public init(wrappedValue value: Value?) {
        self.value = value
    }

    /// The document's id or reference; nil when the value was not decoded from a document.
    public var wrappedValue: Value? {
        get { value }
        set { value = newValue }
    }

    /// The value for the document `decoder` decodes: filled by `Firestore.Decoder`, nil with other decoders.
    /// - Throws: what `Value.wrap(_:)` throws.
    public init(from decoder: any Swift.Decoder) throws {
        guard let reference = (decoder as? FirestoreValueDecoder)?.context.documentReference else {
            value = nil
            return
        }
        value = try Value.wrap(reference)
    }

    /// Encodes the wrapped value (or nil) as a single value; in a keyed container, which is where a
    /// property is, nothing is encoded at all (see `KeyedEncodingContainer.encode(_:forKey:)`).
    public func encode(to encoder: any Swift.Encoder) throws {
        var container = encoder.singleValueContainer()
        if let value { try container.encode(value) } else { try container.encodeNil() }
    }
}

extension DocumentID: Equatable where Value: Equatable {}
extension DocumentID: Hashable where Value: Hashable {}
extension DocumentID: Sendable where Value: Sendable {}

extension KeyedEncodingContainer {
    /// Encodes nothing: a `@DocumentID` property is the document's name, never one of its fields. Chosen over
    /// the generic `encode(_:forKey:)` by the code Swift synthesizes for `Encodable`.
    public mutating func encode<Value>(_ value: DocumentID<Value>, forKey key: Key) throws {}
}

extension KeyedDecodingContainer {
    /// Decodes a `@DocumentID` property, present in the fields or not (it comes from the document's
    /// reference). Chosen over the generic `decode(_:forKey:)` by the code Swift synthesizes for `Decodable`.
    /// - Throws: what `Value.wrap(_:)` throws.
    public func decode<Value>(_ type: DocumentID<Value>.Type, forKey key: Key) throws -> DocumentID<Value> {
        try DocumentID(from: superDecoder(forKey: key))
    }
}
