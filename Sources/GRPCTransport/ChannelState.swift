/// Everything mutable about a channel: its phase and its calls by id. Held in `ChannelCore`'s lock; every
/// method runs under that lock, starts C batches itself and returns the `Effect`s to run after unlocking.
///
/// Phases of the channel (no batch starts after `open`; that is what makes the queue shutdown safe):
///
///     open ──close()/deinit──► closing ──queue drained (poller)──► closed
///                              (calls cancelled, queue shut down)    (C channel destroyed)
struct ChannelState {
    enum Phase {
        case open, closing, closed
    }

    let channel: ShimChannel
    private(set) var phase = Phase.open
    var calls: [UInt64: CallRecord] = [:]
    private var nextCallID: UInt64 = 1
    private var closeWaiters: [CheckedContinuation<Void, Never>] = []

    init(channel: ShimChannel) {
        self.channel = channel
    }

    /// Starts a stream: its status batch and its first receive.
    /// - Throws: `Status` for a closed channel or invalid metadata.
    mutating func openStream(
        method: String,
        metadata: [(String, String)],
        continuation: MessageContinuation
    ) throws(Status) -> UInt64 {
        guard phase == .open else { throw Status.channelClosed }
        let call = try ShimCall(channel: channel, method: method, metadata: metadata, timeout: nil)
        let id = makeCallID()
        call.startStream(tag: Tag(id, .status))
        call.receive(tag: Tag(id, .receive))
        calls[id] = CallRecord(waiter: .stream(continuation), call: call, pending: [.status, .receive])
        return id
    }

    /// Creates a unary call without starting it, so that a task cancellation can find it by id.
    mutating func prepareUnary(
        method: String,
        metadata: [(String, String)],
        timeout: Duration
    ) throws(Status) -> UInt64 {
        guard phase == .open else { throw Status.channelClosed }
        let call = try ShimCall(channel: channel, method: method, metadata: metadata, timeout: timeout)
        let id = makeCallID()
        calls[id] = CallRecord(waiter: .unary(nil), call: call, pending: [])
        return id
    }

    /// Starts a prepared unary call's one batch; `continuation` gets the response or the status.
    mutating func startUnary(_ id: UInt64, request: [UInt8], continuation: UnaryContinuation) -> [Effect] {
        guard phase == .open, let call = calls[id]?.call else {
            calls[id]?.call?.destroy()
            calls[id] = nil
            return [.resumeUnary(continuation, .failure(.channelClosed))]
        }
        call.startUnary(request: request, tag: Tag(id, .unary))
        calls[id]!.waiter = .unary(continuation)
        calls[id]!.pending = [.unary]
        return []
    }

    /// Sends now, or after the sends before it; `continuation` hears when gRPC took the message.
    mutating func send(_ message: [UInt8], on id: UInt64, continuation: SendContinuation) -> [Effect] {
        guard let record = calls[id] else { preconditionFailure("send on call \(id), which was released") }
        if record.halfClose != .notRequested {
            let status = Status(code: .failedPrecondition, message: "send after closeSend()")
            return [.resumeSend(continuation, .failure(status))]
        }
        if record.isFinished, let status = record.status {
            return [.resumeSend(continuation, .failure(status.sendFailure))]
        }
        if record.sendInFlight != nil {
            calls[id]!.queuedSends.append((message, continuation))
        } else {
            startSend(message, on: id, continuation: continuation)
        }
        return []
    }

    /// Half-closes after the outstanding sends; nothing if already asked.
    mutating func closeSend(_ id: UInt64) {
        guard let record = calls[id], record.halfClose == .notRequested else { return }
        calls[id]!.halfClose = .requested
        if record.sendInFlight == nil {
            startCloseSend(id)
        }
    }

    /// How many received messages a stream may hold that its consumer has not taken: beyond it, no receive
    /// is started until the consumer catches up, and gRPC's flow control pushes back on the server.
    static let readAhead = 32

    /// The consumer took one message of a stream: restart a parked receive.
    mutating func consumed(_ id: UInt64) {
        guard var record = calls[id] else { return }
        record.undelivered -= 1
        if record.receiveParked, record.undelivered < Self.readAhead, phase == .open, !record.isFinished,
            let call = record.call
        {
            record.receiveParked = false
            call.receive(tag: Tag(id, .receive))
            record.pending.insert(.receive)
        }
        calls[id] = record
    }

    /// Cancels a call that has not ended; thread-safe in C, harmless if the call is already gone.
    func cancel(_ id: UInt64) {
        guard let record = calls[id], record.status == nil else { return }
        record.call?.cancel()
    }

    /// The stream's `BidirectionalCall` is gone: cancel the call if it still runs, forget it once drained.
    mutating func release(_ id: UInt64) {
        cancel(id)
        calls[id]?.isReleased = true
        if calls[id]?.isDone == true {
            calls[id] = nil
        }
    }

    /// Starts closing (once): cancels every call, frees calls that never started, shuts the queue down.
    /// `waiter` resumes when the poller has destroyed the C channel.
    mutating func beginShutdown(waiter: CheckedContinuation<Void, Never>?) -> [Effect] {
        if phase == .closed {
            return waiter.map { [.resumeClose($0)] } ?? []
        }
        if let waiter {
            closeWaiters.append(waiter)
        }
        guard phase == .open else { return [] }
        phase = .closing
        for (id, record) in calls where record.status == nil {
            record.call?.cancel()
            if case .unary(nil) = record.waiter {
                record.call?.destroy()
                calls[id]!.call = nil
            }
        }
        channel.shutdown()
        return []
    }

    /// The poller destroyed the C channel: resume everyone waiting in `close()`.
    mutating func finishShutdown() -> [Effect] {
        phase = .closed
        defer { closeWaiters = [] }
        return closeWaiters.map { .resumeClose($0) }
    }

    private mutating func makeCallID() -> UInt64 {
        defer { nextCallID += 1 }
        return nextCallID
    }

    /// Starts a send batch, or parks the send until the final status when no batch may start.
    mutating func startSend(_ message: [UInt8], on id: UInt64, continuation: SendContinuation) {
        guard phase == .open, calls[id]!.status == nil, let call = calls[id]!.call else {
            calls[id]!.failedSends.append(continuation)
            return
        }
        call.send(message, tag: Tag(id, .send))
        calls[id]!.pending.insert(.send)
        calls[id]!.sendInFlight = continuation
    }

    /// Starts the half-close batch if it was asked for and may start now.
    mutating func startCloseSend(_ id: UInt64) {
        let record = calls[id]!
        guard record.halfClose == .requested, phase == .open, record.status == nil, let call = record.call else {
            return
        }
        call.closeSend(tag: Tag(id, .closeSend))
        calls[id]!.pending.insert(.closeSend)
        calls[id]!.halfClose = .started
    }
}
