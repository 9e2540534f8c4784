/// Whether a Listen stream is alive, decided from when it last spoke and when we last asked it something.
///
/// A pure value: its owner (`StreamAttempt`) tells it what happened and when, and asks for a verdict at an
/// instant it chooses, so tests drive it with instants instead of sleeping.
///
/// The emulator sends nothing on an idle stream and punishes keepalive pings, and a proxy that blackholes a
/// connection shows neither FIN nor RST. So after `probeAfter` without any message the owner adds a tiny
/// probe target; any request left without any answer for `responseTimeout` means the connection is dead.
struct Liveness: Sendable {
    enum Verdict: Hashable, Sendable {
        /// Nothing to do.
        case alive
        /// Quiet for too long: send a probe.
        case probe
        /// A request had no answer in time: the connection is presumed dead.
        case dead
    }

    let probeAfter: Duration
    let responseTimeout: Duration
    /// The shorter wait for a new stream's first answer: the server acknowledges a new target before it
    /// sends any document, so a stream that says nothing at all for this long is not busy, it is dead.
    let acknowledgementTimeout: Duration
    private(set) var lastReceived: ContinuousClock.Instant
    /// The stream has sent at least one message.
    private(set) var answered = false
    /// When the oldest request that has had no answer at all was sent; nil when nothing is pending.
    private(set) var unansweredSince: ContinuousClock.Instant?

    init(
        probeAfter: Duration,
        responseTimeout: Duration,
        acknowledgementTimeout: Duration,
        openedAt: ContinuousClock.Instant
    ) {
        self.probeAfter = probeAfter
        self.responseTimeout = responseTimeout
        self.acknowledgementTimeout = min(acknowledgementTimeout, responseTimeout)
        self.lastReceived = openedAt
    }

    /// How long a request may go unanswered now.
    var patience: Duration { answered ? responseTimeout : acknowledgementTimeout }

    /// A request went out.
    mutating func sent(at now: ContinuousClock.Instant) {
        if unansweredSince == nil { unansweredSince = now }
    }

    /// A message came in: it answers everything sent before.
    mutating func received(at now: ContinuousClock.Instant) {
        lastReceived = now
        unansweredSince = nil
        answered = true
    }

    /// The owner stopped reading to wait for its consumer: that time is not the server's silence.
    mutating func resumedReading(at now: ContinuousClock.Instant) {
        lastReceived = now
        if unansweredSince != nil { unansweredSince = now }
    }

    /// What to do at `now`; `probing` says whether a probe is already out.
    func verdict(at now: ContinuousClock.Instant, probing: Bool) -> Verdict {
        if let since = unansweredSince, now - since > patience { return .dead }
        if unansweredSince == nil, !probing, now - lastReceived > probeAfter { return .probe }
        return .alive
    }
}
