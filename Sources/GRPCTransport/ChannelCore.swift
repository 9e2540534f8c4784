/// The engine behind a `Channel` and its calls: the C channel, the lock over `ChannelState`, and the loop
/// of the poller thread.
///
/// Ownership: the `Channel` and the poller thread each hold the core; the poller destroys the C channel
/// after the queue drained. Threads: any thread may call the request methods; `pollUntilShutdown` runs on
/// the one poller thread. Every C call but `next` and `destroy` happens under `state`'s lock, and no
/// `Effect` runs under it.
final class ChannelCore: Sendable {
    private let channel: ShimChannel
    private let state: Locked<ChannelState>

    /// - Throws: `Status` when gRPC cannot create the channel's credentials.
    init(configuration: ChannelConfiguration) throws(Status) {
        channel = try ShimChannel(configuration: configuration)
        state = Locked(ChannelState(channel: channel))
    }

    func openStream(
        method: String,
        metadata: [(String, String)],
        continuation: MessageContinuation
    ) throws(Status) -> UInt64 {
        try state.withLock { (state) throws(Status) -> UInt64 in
            try state.openStream(method: method, metadata: metadata, continuation: continuation)
        }
    }

    /// Sends one message on a stream; returns once gRPC took it, or the status saying why it could not.
    func send(_ message: [UInt8], on id: UInt64) async -> Result<Void, Status> {
        await withCheckedContinuation { continuation in
            state.withLock { $0.send(message, on: id, continuation: continuation) }.run()
        }
    }

    func closeSend(_ id: UInt64) {
        state.withLock { $0.closeSend(id) }
    }

    func cancel(_ id: UInt64) {
        state.withLock { $0.cancel(id) }
    }

    /// The stream's consumer took one message.
    func consumed(_ id: UInt64) {
        state.withLock { $0.consumed(id) }
    }

    /// Messages received for a stream and not taken by its consumer yet (for tests).
    func undeliveredMessages(_ id: UInt64) -> Int {
        state.withLock { $0.calls[id]?.undelivered ?? 0 }
    }

    func release(_ id: UInt64) {
        state.withLock { $0.release(id) }
    }

    /// One unary call; a cancellation of the calling task cancels it.
    func unary(
        method: String,
        request: [UInt8],
        metadata: [(String, String)],
        timeout: Duration
    ) async -> Result<[UInt8], Status> {
        let id: UInt64
        do {
            id = try state.withLock { (state) throws(Status) -> UInt64 in
                try state.prepareUnary(method: method, metadata: metadata, timeout: timeout)
            }
        } catch {
            return .failure(error)
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                state.withLock { $0.startUnary(id, request: request, continuation: continuation) }.run()
            }
        } onCancel: {
            cancel(id)
        }
    }

    /// Begins closing (idempotent); `waiter` resumes once every gRPC object of the channel is freed.
    func shutdown(waiter: CheckedContinuation<Void, Never>? = nil) {
        state.withLock { $0.beginShutdown(waiter: waiter) }.run()
    }

    /// The poller thread's body: hands out completions until the queue is shut down and drained, then
    /// destroys the C channel (and with it this channel's `grpc_init`).
    func pollUntilShutdown() {
        while let (tag, ok) = channel.next() {
            state.withLock { $0.complete(tag, ok: ok) }.run()
        }
        channel.destroy()
        state.withLock { $0.finishShutdown() }.run()
    }
}
