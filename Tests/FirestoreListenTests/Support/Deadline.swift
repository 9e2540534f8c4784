import Synchronization

/// What a wait that ran out of time throws.
struct DeadlineExceeded: Error, CustomStringConvertible {
    let description: String
}

/// Runs `body`, and throws `DeadlineExceeded` when it has not finished after `timeout`: `body` is then
/// cancelled and left behind, so that even a body that ignores cancellation cannot hold the test.
func withDeadline<T: Sendable>(
    _ timeout: Duration,
    _ what: String,
    _ body: @escaping @Sendable () async throws -> T
) async throws -> T {
    let outcome = Mutex<CheckedContinuation<T, any Error>?>(nil)
    let finish = { @Sendable (result: Result<T, any Error>) in
        outcome.withLock { $0.take() }?.resume(with: result)
    }
    var work: Task<Void, Never>?
    var timer: Task<Void, Never>?
    defer {
        work?.cancel()
        timer?.cancel()
    }
    return try await withCheckedThrowingContinuation { continuation in
        outcome.withLock { $0 = continuation }
        work = Task {
            do { finish(.success(try await body())) } catch { finish(.failure(error)) }
        }
        timer = Task {
            try? await Task.sleep(for: timeout)
            finish(.failure(DeadlineExceeded(description: "\(what): nothing within \(timeout)")))
        }
    }
}

/// An iterator that a test takes elements from one at a time, each within a deadline that ends the wait.
///
/// `@unchecked Sendable`: only the test's own task calls it, one call at a time; after a deadline passed
/// the test ends, so the wait left behind is never joined by a second one.
final class DeadlineIterator<Base: AsyncIteratorProtocol>: @unchecked Sendable where Base.Element: Sendable {
    private var base: Base

    init(_ base: Base) {
        self.base = base
    }

    /// The next element, or nil at the end; throws `DeadlineExceeded` after `timeout`.
    func next(within timeout: Duration = .seconds(30), _ what: String = "the next element") async throws
        -> Base.Element?
    {
        try await withDeadline(timeout, what) { try await self.base.next() }
    }
}

/// Waits until `condition` holds, checking it every 10 ms; throws `DeadlineExceeded` after `timeout`. For
/// what the code under test does on its own time (a request it sends), not for sleeping past a moment.
func waitUntil(
    timeout: Duration = .seconds(10),
    _ what: String = "a condition",
    _ condition: () -> Bool
) async throws {
    let deadline = ContinuousClock.now + timeout
    while !condition() {
        guard ContinuousClock.now < deadline else {
            throw DeadlineExceeded(description: "\(what): not within \(timeout)")
        }
        try await Task.sleep(for: .milliseconds(10))
    }
}
