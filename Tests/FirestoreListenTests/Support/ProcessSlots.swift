import Testing

/// A counting semaphore for tests that start processes (the CLI, Python peers, replay servers, proxies).
///
/// Swift Testing starts every test at once. With forty tests that each start two or three processes on a
/// two-core machine, the load average passes 25 and a listener's first snapshot, normally 30 ms away, can
/// take longer than any sensible wait: the tests then fail for the machine's sake, not the code's. The
/// `.startsProcesses` trait lets a bounded number of such tests (or parameterized cases) run at a time;
/// the rest wait for a slot before they start, so no test's own waits include time spent queueing.
actor ProcessSlots {
    /// The slots shared by every suite of this test target.
    static let shared = ProcessSlots(limit: 4)

    private var free: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(limit: Int) {
        precondition(limit > 0)
        free = limit
    }

    /// Runs `body` holding one slot, and gives the slot back however `body` ends.
    func withSlot(_ body: @Sendable () async throws -> Void) async throws {
        await acquire()
        do {
            try await body()
        } catch {
            release()
            throw error
        }
        release()
    }

    private func acquire() async {
        if free > 0 {
            free -= 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    private func release() {
        if waiting.isEmpty {
            free += 1
        } else {
            waiting.removeFirst().resume()
        }
    }
}

/// Runs each test (each case of a parameterized test) of a suite inside one of `ProcessSlots.shared`.
struct StartsProcessesTrait: SuiteTrait, TestTrait, TestScoping {
    var isRecursive: Bool { true }

    func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        try await ProcessSlots.shared.withSlot(function)
    }
}

extension Trait where Self == StartsProcessesTrait {
    /// The test starts child processes and waits on them: it runs when one of a few slots is free.
    static var startsProcesses: Self { StartsProcessesTrait() }
}
