import FirestoreWatch
import GRPCTransport

/// How long to wait before the next stream, and whether to give up: the backoff and `maxRetryTime`.
///
/// A pure value driven by the instants its owner passes, so tests need no clock. The time without a healthy
/// stream starts when the listener starts and again after each stream that reached a consistent point; it
/// stops while a stream is healthy, and time spent waiting for a slow consumer is added back.
struct RetryBudget: Sendable {
    /// Ends the listener after this long without a healthy stream; nil retries for ever.
    let limit: Duration?
    private var backoff: Backoff
    /// How many streams have been retried since the last healthy one.
    private(set) var attempt = 0
    /// When the budget runs out unless a stream becomes healthy first; nil while one is healthy (or no limit).
    private(set) var giveUpAt: ContinuousClock.Instant?

    init(limit: Duration?, backoff: Backoff, startedAt now: ContinuousClock.Instant) {
        self.limit = limit
        self.backoff = backoff
        self.giveUpAt = limit.map { now + $0 }
    }

    /// A stream reached a consistent point: no deadline while it lasts.
    mutating func streamIsHealthy() {
        giveUpAt = nil
    }

    /// A stream ended; one that was healthy restarts the backoff and the time without a healthy stream.
    mutating func streamEnded(wasHealthy: Bool, at now: ContinuousClock.Instant) {
        guard wasHealthy else { return }
        backoff.reset()
        attempt = 0
        giveUpAt = limit.map { now + $0 }
    }

    /// Whether the budget has run out at `now`.
    func isExhausted(at now: ContinuousClock.Instant) -> Bool {
        giveUpAt.map { now >= $0 } ?? false
    }

    /// The delay before the next stream after one that ended with `status`, clamped to the deadline.
    mutating func nextDelay(after status: Status, at now: ContinuousClock.Instant) -> Duration {
        attempt += 1
        if status.code == .resourceExhausted { backoff.maximum() }
        let delay = backoff.next()
        guard let giveUpAt else { return delay }
        return min(delay, max(.zero, giveUpAt - now))
    }

    /// The owner waited `pause` for its consumer: that is not time without a healthy stream.
    mutating func paused(for pause: Duration) {
        giveUpAt = giveUpAt.map { $0 + pause }
    }

    /// The status that ends the listener once the budget is exhausted, from the last reason a stream ended.
    func exhausted(_ reason: Status) -> Status {
        // Never an empty reason after the colon: a status without a message gives its code's name.
        let why = reason.message.allSatisfy(\.isWhitespace) ? reason.code.name : reason.message
        return Status(code: reason.code, message: "no healthy stream for \((limit ?? .zero).brief): \(why)")
    }
}
