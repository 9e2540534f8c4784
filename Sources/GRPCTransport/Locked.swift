internal import Foundation

/// A value reachable only while holding a lock.
///
/// Not `Synchronization.Mutex`: on Linux that is a bare futex which ThreadSanitizer cannot see, so every
/// access under it was reported as a race (checked with `--sanitize=thread`). `NSLock` is a pthread
/// mutex, which ThreadSanitizer understands.
///
/// `@unchecked Sendable` because `value` is read and written only inside `withLock`, under `lock`.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with the value while holding the lock. Not reentrant: `body` must not call back in.
    func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
