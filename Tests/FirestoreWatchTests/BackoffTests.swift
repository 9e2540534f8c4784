import FirestoreWatch
import Testing

/// The reconnect delays: 0 after a reset, then 1 s × 1.5 up to 60 s, ±50 % jitter.
@Suite struct BackoffTests {
    /// Always returns the same 64 bits; `1 << 63` is the middle of the jitter range, 0 its bottom.
    struct FixedGenerator: RandomNumberGenerator, Sendable {
        var bits: UInt64
        mutating func next() -> UInt64 { bits }
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    static func delays(_ backoff: inout Backoff, count: Int) -> [Double] {
        (0..<count).map { _ in seconds(backoff.next()) }
    }

    @Test func withoutJitterTheBaseGrowsToTheCap() {
        var backoff = Backoff(generator: FixedGenerator(bits: 1 << 63))
        let expected = [
            0, 1, 1.5, 2.25, 3.375, 5.0625, 7.59375, 11.390625, 17.0859375, 25.62890625, 38.443359375, 57.6650390625,
            60, 60,
        ]
        let actual = Self.delays(&backoff, count: expected.count)
        for (a, e) in zip(actual, expected) { #expect(abs(a - e) < 1e-9, "\(actual)") }
    }

    @Test func jitterStaysWithinHalfTheBase() {
        var low = Backoff(generator: FixedGenerator(bits: 0))
        var high = Backoff(generator: FixedGenerator(bits: .max))
        let lows = Self.delays(&low, count: 4)
        let highs = Self.delays(&high, count: 4)
        for (a, e) in zip(lows, [0, 0.5, 0.75, 1.125]) { #expect(abs(a - e) < 1e-9) }
        for (a, e) in zip(highs, [0, 1.5, 2.25, 3.375]) { #expect(abs(a - e) < 1e-6) }
        var random = Backoff()
        for (attempt, delay) in Self.delays(&random, count: 20).enumerated() where attempt > 0 {
            let base = min(pow15(attempt - 1), 60)
            #expect(delay >= base * 0.5 && delay <= base * 1.5)
        }
    }

    @Test func resetAndMaximum() {
        var backoff = Backoff(generator: FixedGenerator(bits: 1 << 63))
        _ = Self.delays(&backoff, count: 5)
        backoff.reset()
        #expect(Self.delays(&backoff, count: 3) == [0, 1, 1.5])
        backoff.maximum()
        #expect(Self.delays(&backoff, count: 2) == [60, 60])
        backoff.reset()
        #expect(Self.delays(&backoff, count: 1) == [0])
    }

    private func pow15(_ exponent: Int) -> Double {
        (0..<exponent).reduce(1.0) { value, _ in value * 1.5 }
    }
}
