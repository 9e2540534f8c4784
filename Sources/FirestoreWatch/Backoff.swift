/// The delay before each attempt to re-open a broken Listen stream: exponential, capped and jittered.
///
/// A pure value; the owner (`ListenSession`) sleeps for what `next()` returns. The constants are those of
/// Google's Node.js client (`backoff.ts`) and Firebase's iOS SDK (`exponential_backoff.cc`), so that this
/// client loads the service no harder than Google's own:
/// - the first attempt after a `reset()` (and on a new value) is immediate, because a stream that was
///   healthy and then broke is most often fixed by simply re-opening it;
/// - then the base delay is `initialDelay` (1 s) and grows by `factor` (×1.5) per attempt, up to
///   `maximumDelay` (60 s);
/// - each delay is the base ±`jitter` (50 %) of it, uniformly, so that many clients cut off at once do not
///   come back in step;
/// - `maximum()` jumps to the cap, which both clients do after RESOURCE_EXHAUSTED (the server is overloaded).
///
/// Call `reset()` when the stream is healthy again: `ListenSession` does at a consistent point (CURRENT and a
/// NO_CHANGE with a read time). Node resets on any target change with a resume token, which would re-open at
/// once, for ever, a stream that always breaks right after its RESET.
public struct Backoff: Sendable {
    public static let initialDelay: Duration = .seconds(1)
    public static let factor = 1.5
    public static let maximumDelay: Duration = .seconds(60)
    /// The largest deviation from the base delay, as a fraction of it.
    public static let jitter = 0.5

    /// The base of the next delay, in seconds; 0 right after a reset.
    private var baseSeconds = 0.0
    private var generator: any RandomNumberGenerator & Sendable

    /// A backoff whose next delay is 0, jittered with the system's random numbers.
    public init() {
        self.init(generator: SystemRandomNumberGenerator())
    }

    /// A backoff that draws its jitter from `generator` (tests pass a fixed sequence).
    public init(generator: some RandomNumberGenerator & Sendable) {
        self.generator = generator
    }

    /// The delay to wait before the next attempt; advances the base delay.
    public mutating func next() -> Duration {
        // The top 53 bits as a fraction in [0, 1), computed here so that a fixed generator gives a known delay.
        let unit = Double(generator.next() >> 11) * 0x1p-53
        let deviation = (unit * 2 - 1) * Self.jitter
        let delay = baseSeconds * (1 + deviation)
        baseSeconds = min(
            max(baseSeconds * Self.factor, Self.seconds(Self.initialDelay)), Self.seconds(Self.maximumDelay))
        return .seconds(delay)
    }

    /// Makes the next delay 0 again, then 1 s, and so on.
    public mutating func reset() {
        baseSeconds = 0
    }

    /// Makes the next delay the maximum (60 s ± jitter): the answer to RESOURCE_EXHAUSTED.
    public mutating func maximum() {
        baseSeconds = Self.seconds(Self.maximumDelay)
    }

    private static func seconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
