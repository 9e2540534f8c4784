/// A test step took longer than it may.
struct TimeoutError: Error, CustomStringConvertible {
    let limit: Duration
    var description: String { "timed out after \(limit)" }
}

/// Runs `operation`, or throws `TimeoutError` (cancelling it) when it takes longer than `limit`, so that
/// a transport bug fails the test instead of hanging it.
func withTimeout<Value: Sendable>(
    _ limit: Duration,
    _ operation: @escaping @Sendable () async throws -> Value
) async throws -> Value {
    try await withThrowingTaskGroup(of: Value?.self) { group in
        group.addTask { try await operation() }
        group.addTask {
            try await Task.sleep(for: limit)
            return nil
        }
        defer { group.cancelAll() }
        guard let value = try await group.next()! else { throw TimeoutError(limit: limit) }
        return value
    }
}
