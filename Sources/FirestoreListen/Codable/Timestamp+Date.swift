public import Foundation

extension Timestamp {
    /// Seconds from the Unix epoch to `Date`'s reference date, 2001-01-01T00:00:00Z.
    private static let referenceDateSeconds: Int64 = 978_307_200

    /// The timestamp of `date`, rounded to the nearest nanosecond, as Firebase's `Timestamp(date:)`.
    ///
    /// `Date` holds a `Double` of seconds, exact to about 100 ns for dates of this century, so a timestamp
    /// that goes through `Date` keeps microseconds only approximately. A date beyond the range of `Int64`
    /// seconds (or not finite) is clamped to that range.
    public init(date: Date) {
        let interval = date.timeIntervalSinceReferenceDate
        let whole = interval.rounded(.down)
        var seconds = Int64(exactly: whole) ?? (whole > 0 || whole.isNaN ? Int64.max : Int64.min)
        var nanoseconds = whole.isFinite ? Int64(((interval - whole) * 1e9).rounded()) : 0
        if nanoseconds >= 1_000_000_000 {
            nanoseconds -= 1_000_000_000
            seconds = seconds == .max ? seconds : seconds + 1
        }
        let (unixSeconds, overflow) = seconds.addingReportingOverflow(Self.referenceDateSeconds)
        self.init(seconds: overflow ? .max : unixSeconds, nanos: Int32(nanoseconds))
    }

    /// The `Date` of this timestamp, as Firebase's `dateValue()`; see `init(date:)` for the precision.
    public func dateValue() -> Date {
        let sinceReference = Double(seconds - Self.referenceDateSeconds) + Double(nanos) / 1e9
        return Date(timeIntervalSinceReferenceDate: sinceReference)
    }
}
