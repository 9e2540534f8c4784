import FirestoreWatch
import GRPCTransport
import Testing

@testable import FirestoreListen

/// The liveness decision and the retry budget are pure values: driven here by instants, without a clock.
@Suite struct LivenessTests {
    private let start = ContinuousClock.now

    private func liveness() -> Liveness {
        Liveness(
            probeAfter: .seconds(30), responseTimeout: .seconds(15), acknowledgementTimeout: .seconds(15),
            openedAt: start)
    }

    @Test func aQuietStreamIsProbedAfterThirtySecondsAndDeclaredDeadFifteenSecondsAfterAnUnansweredRequest() {
        var liveness = liveness()
        #expect(liveness.verdict(at: start + .seconds(30), probing: false) == .alive)
        #expect(liveness.verdict(at: start + .seconds(31), probing: false) == .probe)
        #expect(liveness.verdict(at: start + .seconds(31), probing: true) == .alive)
        liveness.sent(at: start + .seconds(31))
        #expect(liveness.verdict(at: start + .seconds(46), probing: true) == .alive)
        #expect(liveness.verdict(at: start + .seconds(47), probing: true) == .dead)
    }

    @Test func anAnswerClearsTheWaitAndOnlyTheOldestUnansweredRequestCounts() {
        var liveness = liveness()
        liveness.sent(at: start)
        liveness.sent(at: start + .seconds(10))
        #expect(liveness.verdict(at: start + .seconds(16), probing: false) == .dead)
        liveness.received(at: start + .seconds(16))
        #expect(liveness.verdict(at: start + .seconds(45), probing: false) == .alive)
        #expect(liveness.verdict(at: start + .seconds(47), probing: false) == .probe)
    }

    @Test func waitingForTheConsumerIsNotTheServersSilence() {
        var liveness = liveness()
        liveness.sent(at: start)
        liveness.resumedReading(at: start + .seconds(100))
        #expect(liveness.verdict(at: start + .seconds(110), probing: false) == .alive)
        #expect(liveness.verdict(at: start + .seconds(116), probing: false) == .dead)
    }

    @Test func theBudgetRunsOutOnlyWithoutAHealthyStreamAndNotWhileTheConsumerIsWaitedFor() {
        var budget = RetryBudget(limit: .seconds(10), backoff: Backoff(), startedAt: start)
        #expect(!budget.isExhausted(at: start + .seconds(9)))
        #expect(budget.isExhausted(at: start + .seconds(10)))
        budget.paused(for: .seconds(5))
        #expect(!budget.isExhausted(at: start + .seconds(14)))
        budget.streamIsHealthy()
        #expect(!budget.isExhausted(at: start + .seconds(1000)))
        budget.streamEnded(wasHealthy: true, at: start + .seconds(1000))
        #expect(budget.isExhausted(at: start + .seconds(1010)))
        let unavailable = Status(code: .unavailable, message: "down")
        #expect(budget.exhausted(unavailable) == Status(code: .unavailable, message: "no healthy stream for 10s: down"))
    }

    @Test func theFirstRetryAfterAHealthyStreamIsImmediateAndDelaysNeverPassTheDeadline() {
        var budget = RetryBudget(limit: .seconds(3), backoff: Backoff(), startedAt: start)
        let unavailable = Status(code: .unavailable)
        #expect(budget.nextDelay(after: unavailable, at: start) == .zero)
        #expect(budget.attempt == 1)
        for _ in 0..<10 { #expect(budget.nextDelay(after: unavailable, at: start + .seconds(2)) <= .seconds(1)) }
        #expect(budget.nextDelay(after: Status(code: .resourceExhausted), at: start + .seconds(3)) == .zero)
        budget.streamEnded(wasHealthy: true, at: start + .seconds(3))
        #expect(budget.attempt == 0)
        #expect(budget.nextDelay(after: unavailable, at: start + .seconds(3)) == .zero)
        var unlimited = RetryBudget(limit: nil, backoff: Backoff(), startedAt: start)
        _ = unlimited.nextDelay(after: unavailable, at: start)
        #expect(unlimited.nextDelay(after: Status(code: .resourceExhausted), at: start) >= .seconds(30))
    }

    @Test func aNewStreamThatNeverAnswersIsGivenUpSoonerThanOneThatDid() {
        var liveness = Liveness(
            probeAfter: .seconds(30), responseTimeout: .seconds(15), acknowledgementTimeout: .seconds(10),
            openedAt: start)
        liveness.sent(at: start)
        #expect(liveness.verdict(at: start + .seconds(10), probing: false) == .alive)
        #expect(liveness.verdict(at: start + .seconds(11), probing: false) == .dead)
        liveness.received(at: start + .seconds(1))
        liveness.sent(at: start + .seconds(40))
        #expect(liveness.verdict(at: start + .seconds(52), probing: true) == .alive)
        #expect(liveness.verdict(at: start + .seconds(56), probing: true) == .dead)
    }
}
