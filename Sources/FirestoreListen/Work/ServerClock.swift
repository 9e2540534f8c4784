import FirestoreWatch

/// The server's clock as this process can know it: from server times (snapshot read times, commit times)
/// and the local instants at which they were seen. A server time seen is never later than the server's
/// clock at that instant, so the largest offset seen is the best estimate, and it never runs ahead of the
/// server: a claim judged stale by it is stale by the server's clock too.
///
/// A pure value, driven by the instants it is given.
struct ServerClock: Sendable {
    private let origin: ContinuousClock.Instant
    /// The server's time minus the local time since `origin`, the largest seen; nil before the first.
    private var offset: Duration?

    init(origin: ContinuousClock.Instant = .now) {
        self.origin = origin
    }

    /// Notes that the server's clock read at least `serverTime` at `instant`.
    mutating func observe(_ serverTime: Timestamp, at instant: ContinuousClock.Instant) {
        let candidate = serverTime.sinceEpoch - (instant - origin)
        if offset.map({ candidate > $0 }) ?? true { offset = candidate }
    }

    /// The server's time at `instant`, by the estimate; nil before any server time was seen.
    func serverTime(at instant: ContinuousClock.Instant) -> Timestamp? {
        offset.map { Timestamp(sinceEpoch: $0 + (instant - origin)) }
    }

    /// How long after `instant` the server's clock reaches `serverTime`, by the estimate (zero when it has).
    func delay(until serverTime: Timestamp, from instant: ContinuousClock.Instant) -> Duration {
        guard let now = self.serverTime(at: instant) else { return .zero }
        return max(.zero, serverTime.sinceEpoch - now.sinceEpoch)
    }
}

extension Timestamp {
    /// The time since 1970-01-01T00:00:00Z.
    var sinceEpoch: Duration { .seconds(seconds) + .nanoseconds(Int64(nanos)) }

    /// The timestamp `sinceEpoch` after 1970-01-01T00:00:00Z.
    init(sinceEpoch: Duration) {
        let (seconds, attoseconds) = sinceEpoch.components
        let nanos = attoseconds / 1_000_000_000
        self =
            nanos < 0
            ? Timestamp(seconds: seconds - 1, nanos: Int32(nanos + 1_000_000_000))
            : Timestamp(seconds: seconds, nanos: Int32(nanos))
    }

    /// This time plus `duration`.
    func adding(_ duration: Duration) -> Timestamp { Timestamp(sinceEpoch: sinceEpoch + duration) }
}
