typealias MessageContinuation = AsyncThrowingStream<[UInt8], any Error>.Continuation
typealias SendContinuation = CheckedContinuation<Result<Void, Status>, Never>
typealias UnaryContinuation = CheckedContinuation<Result<[UInt8], Status>, Never>

/// Something `ChannelState` decided and that runs after the channel's lock is released: feeding a stream
/// or resuming a task can run other code (an `onTermination` handler) that takes the lock again.
enum Effect: Sendable {
    case yield([UInt8], MessageContinuation)
    /// Ends a stream: normally for `OK`, throwing the status otherwise.
    case finish(MessageContinuation, Status)
    case resumeSend(SendContinuation, Result<Void, Status>)
    case resumeUnary(UnaryContinuation, Result<[UInt8], Status>)
    case resumeClose(CheckedContinuation<Void, Never>)

    func run() {
        switch self {
        case .yield(let message, let continuation):
            continuation.yield(message)
        case .finish(let continuation, let status):
            if status.code == .ok {
                continuation.finish()
            } else {
                continuation.finish(throwing: status)
            }
        case .resumeSend(let continuation, let result):
            continuation.resume(returning: result)
        case .resumeUnary(let continuation, let result):
            continuation.resume(returning: result)
        case .resumeClose(let continuation):
            continuation.resume()
        }
    }
}

extension [Effect] {
    /// Runs each effect in order (the poller's order is the order messages arrived).
    func run() {
        forEach { $0.run() }
    }
}
