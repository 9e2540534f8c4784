/// A point in time as Firestore stores it: seconds since the Unix epoch and nanoseconds (0...999_999_999).
///
/// Kept as integers because `Date` loses nanoseconds. Renders as RFC 3339 in UTC.
public struct Timestamp: Hashable, Comparable, Sendable {
    public var seconds: Int64
    public var nanos: Int32

    public init(seconds: Int64, nanos: Int32 = 0) {
        self.seconds = seconds
        self.nanos = nanos
    }

    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool {
        (lhs.seconds, lhs.nanos) < (rhs.seconds, rhs.nanos)
    }
}
