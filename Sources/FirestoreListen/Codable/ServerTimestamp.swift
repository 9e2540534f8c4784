public import Foundation

/// A type that `@ServerTimestamp` can hold: `Timestamp` or `Date`; as in Firebase.
public protocol ServerTimestampWrappable {
    /// The value of this type for `timestamp`.
    static func wrap(_ timestamp: Timestamp) throws -> Self
    /// The timestamp of `value`.
    static func unwrap(_ value: Self) throws -> Timestamp
}

extension Timestamp: ServerTimestampWrappable {
    /// The timestamp itself.
    public static func wrap(_ timestamp: Timestamp) throws -> Timestamp { timestamp }
    /// The timestamp itself.
    public static func unwrap(_ value: Timestamp) throws -> Timestamp { value }
}

extension Date: ServerTimestampWrappable {
    /// `timestamp.dateValue()`.
    public static func wrap(_ timestamp: Timestamp) throws -> Date { timestamp.dateValue() }
    /// `Timestamp(date: value)`.
    public static func unwrap(_ value: Date) throws -> Timestamp { Timestamp(date: value) }
}

/// A time that the server sets when it applies the write, as Firebase's `@ServerTimestamp`.
///
/// Encoded by `Firestore.Encoder` as `FieldValue.serverTimestamp()` while nil, so that the write stores the
/// commit time; as the timestamp when set. Decoded from a timestamp; a missing field or null gives nil.
/// With other encoders, nil encodes as nil.
///
/// ```swift
/// struct Ticket: Codable {
///     var status: String
///     @ServerTimestamp var confirmedAt: Timestamp?
/// }
/// ```
@propertyWrapper
public struct ServerTimestamp<Value: ServerTimestampWrappable & Codable>: Codable {
    private var value: Value?

    /// A wrapper of `value`; nil asks the server for its time.
    public init(wrappedValue value: Value?) {
        self.value = value
    }

    /// The time; nil until the server has set it.
    public var wrappedValue: Value? {
        get { value }
        set { value = newValue }
    }

    /// Decodes nil from null, else a timestamp.
    /// - Throws: `DecodingError.typeMismatch` for a value that is not a timestamp.
    public init(from decoder: any Swift.Decoder) throws {
        let container = try decoder.singleValueContainer()
        value = container.decodeNil() ? nil : try Value.wrap(container.decode(Timestamp.self))
    }

    /// Encodes the timestamp, or, while nil, `FieldValue.serverTimestamp()` for `Firestore.Encoder` and nil for
    /// other encoders.
    public func encode(to encoder: any Swift.Encoder) throws {
        if let value {
            var container = encoder.singleValueContainer()
            try container.encode(Value.unwrap(value))
        } else if let fields = encoder as? FieldsEncoder {
            fields.setSingleValue(.leaf(FieldValue.serverTimestamp()))
        } else {
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        }
    }
}

extension ServerTimestamp: Equatable where Value: Equatable {}
extension ServerTimestamp: Hashable where Value: Hashable {}
extension ServerTimestamp: Sendable where Value: Sendable {}

extension KeyedDecodingContainer {
    /// Decodes a `@ServerTimestamp` property: nil when the field is missing (a time not set yet), as when
    /// it is null. Chosen over the generic `decode(_:forKey:)` by the code Swift synthesizes for `Decodable`.
    /// - Throws: `DecodingError.typeMismatch` for a value that is not a timestamp.
    public func decode<Value>(
        _ type: ServerTimestamp<Value>.Type,
        forKey key: Key
    ) throws -> ServerTimestamp<Value> {
        try decodeIfPresent(type, forKey: key) ?? ServerTimestamp(wrappedValue: nil)
    }
}
