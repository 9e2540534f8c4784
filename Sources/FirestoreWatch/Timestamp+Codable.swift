// Firebase's names for Timestamp and its Codable form. The conversions to and from `Date` need Foundation,
// which this target does not import: they live in `Sources/FirestoreListen/Codable/Timestamp+Date.swift`.

extension Timestamp {
    /// A timestamp of `seconds` since the Unix epoch and `nanoseconds` (0...999_999_999); Firebase's name for
    /// `init(seconds:nanos:)`.
    public init(seconds: Int64, nanoseconds: Int32) {
        self.init(seconds: seconds, nanos: nanoseconds)
    }

    /// The fraction of the second, in nanoseconds (0...999_999_999); Firebase's name for `nanos`.
    public var nanoseconds: Int32 { nanos }
}

/// Keyed `seconds` and `nanoseconds`, as Firebase's `Timestamp` is, for coders other than Firestore's (which
/// store a timestamp as a Firestore timestamp value).
extension Timestamp: Codable {
    private enum CodingKeys: String, CodingKey {
        case seconds
        case nanoseconds
    }

    /// Decodes `{"seconds": …, "nanoseconds": …}`.
    /// - Throws: `DecodingError.dataCorrupted` when `nanoseconds` is outside 0...999_999_999.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let seconds = try container.decode(Int64.self, forKey: .seconds)
        let nanoseconds = try container.decode(Int32.self, forKey: .nanoseconds)
        guard (0...999_999_999).contains(nanoseconds) else {
            throw DecodingError.dataCorruptedError(
                forKey: .nanoseconds,
                in: container,
                debugDescription: "nanoseconds \(nanoseconds) outside 0...999999999"
            )
        }
        self.init(seconds: seconds, nanos: nanoseconds)
    }

    /// Encodes `{"seconds": …, "nanoseconds": …}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(seconds, forKey: .seconds)
        try container.encode(nanos, forKey: .nanoseconds)
    }
}
