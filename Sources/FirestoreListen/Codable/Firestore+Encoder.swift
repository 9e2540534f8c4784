extension Firestore {
    /// Encodes a Swift value into a document's data, as Firebase's `Firestore.Encoder`.
    ///
    /// The value must encode as a keyed container (a struct, class or dictionary); its fields become the
    /// document's. In the `[String: Any]` it returns:
    /// - `String`, `Bool` and `Double` as they are; `Float` widened to `Double`;
    /// - every integer type as `Int64` (an unsigned value beyond `Int64.max` is an `EncodingError`);
    /// - `Timestamp`, `GeoPoint`, `DocumentReference` and `Data` as they are; `Date` as a `Timestamp` (to the
    ///   nearest nanosecond); `URL` as its string;
    /// - nil as `NSNull` where a value is encoded as nil (an optional property that is nil is left out, as
    ///   the standard library's synthesized `encode(to:)` does);
    /// - arrays as `[Any]`, nested values and dictionaries as `[String: Any]`;
    /// - `@DocumentID` properties not at all, and a nil `@ServerTimestamp` as `FieldValue.serverTimestamp()`.
    ///
    /// ```swift
    /// struct Ticket: Codable {
    ///     @DocumentID var id: String?
    ///     var status: String
    ///     @ServerTimestamp var createdAt: Timestamp?
    /// }
    /// let data = try Firestore.Encoder().encode(Ticket(status: "pending"))
    /// // ["status": "pending", "createdAt": FieldValue.serverTimestamp()]
    /// ```
    public struct Encoder: Sendable {
        /// An encoder; it has no settings.
        public init() {}

        /// The document data of `value`.
        /// - Throws: `EncodingError.invalidValue`, with the coding path of the value, for an unsigned integer
        ///   beyond `Int64.max`, for a top-level value that is not a keyed container, or as `value`'s own
        ///   `encode(to:)` throws.
        public func encode<T: Encodable>(_ value: T) throws -> [String: Any] {
            guard let fields = try FieldsEncoder.node(of: value, at: []).value as? [String: Any] else {
                throw EncodingError.invalidValue(
                    value,
                    .init(
                        codingPath: [],
                        debugDescription: "\(T.self) does not encode as a keyed container: a document is a map"
                    )
                )
            }
            return fields
        }
    }
}
