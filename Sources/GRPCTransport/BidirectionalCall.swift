/// One bidirectional streaming call: messages out with `send`, messages in through `messages`.
///
/// Ownership: keeps its `Channel` alive. When the last reference goes (or the consumer of `messages` is
/// cancelled or drops it), the call is cancelled; its gRPC objects are freed once their batches complete.
/// Thread safety: every method may be called from any task; sends are serialised in call order.
public final class BidirectionalCall: Sendable {
    /// Each message the server sends, in order. Finishes normally when the server ends the call `OK`
    /// (the emulator does so right after `closeSend()`), and throws the final `Status` otherwise:
    /// `CANCELLED` after `cancel()`, `UNAVAILABLE` when the connection fails or breaks, the server's code.
    ///
    /// Back-pressure: at most `ChannelState.readAhead` messages wait for the consumer; beyond that the call
    /// stops reading until the consumer takes one, and HTTP/2 flow control holds the server back.
    public let messages: Messages

    /// The messages of a call. One consumer: iterate it once.
    public struct Messages: AsyncSequence, Sendable {
        public typealias Element = [UInt8]
        public typealias Failure = any Error

        fileprivate let stream: AsyncThrowingStream<[UInt8], any Error>
        fileprivate let core: ChannelCore
        fileprivate let id: UInt64

        public struct AsyncIterator: AsyncIteratorProtocol {
            fileprivate var base: AsyncThrowingStream<[UInt8], any Error>.AsyncIterator
            fileprivate let core: ChannelCore
            fileprivate let id: UInt64

            public mutating func next() async throws -> [UInt8]? {
                let message = try await base.next()
                if message != nil { core.consumed(id) }
                return message
            }
        }

        public func makeAsyncIterator() -> AsyncIterator {
            AsyncIterator(base: stream.makeAsyncIterator(), core: core, id: id)
        }
    }

    private let channel: Channel
    private let id: UInt64

    init(channel: Channel, method: String, metadata: [(String, String)]) throws(Status) {
        let (messages, continuation) = AsyncThrowingStream.makeStream(of: [UInt8].self, throwing: (any Error).self)
        let core = channel.core
        let id = try core.openStream(method: method, metadata: metadata, continuation: continuation)
        continuation.onTermination = { termination in
            if case .cancelled = termination {
                core.cancel(id)
            }
        }
        self.messages = Messages(stream: messages, core: core, id: id)
        self.channel = channel
        self.id = id
    }

    deinit {
        channel.core.release(id)
    }

    /// Sends one message; waits for the sends before it (gRPC allows one outstanding), then until gRPC
    /// took this one. Taken is not delivered: the server may still fail the call.
    /// - Throws: `Status`: the call's final status when it ended first (`UNKNOWN` if it ended `OK`);
    ///   `FAILED_PRECONDITION` after `closeSend()`.
    public func send(_ message: [UInt8]) async throws(Status) {
        try await channel.core.send(message, on: id).get()
    }

    /// Half-closes: no more messages from this side, once the pending sends went out. Idempotent.
    public func closeSend() {
        channel.core.closeSend(id)
    }

    /// Messages received and not taken from `messages` yet (at most `ChannelState.readAhead`).
    var undeliveredMessages: Int { channel.core.undeliveredMessages(id) }

    /// Cancels the call: `messages` then throws `CANCELLED`. Idempotent; harmless after the call ended.
    public func cancel() {
        channel.core.cancel(id)
    }
}
