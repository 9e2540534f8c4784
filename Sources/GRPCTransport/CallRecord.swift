/// What a channel keeps for one call: the C call, its batches in flight, its final status, and who waits.
///
/// Lives in `ChannelState` from the call's creation until its C call is destroyed and, for a stream, its
/// `BidirectionalCall` is gone (so that a late `send` still learns the final status).
struct CallRecord {
    /// Who hears how the call went.
    enum Waiter {
        /// A stream: each received message, then the final status.
        case stream(MessageContinuation)
        /// A unary call: the response or the status, once; nil until its batch starts.
        case unary(UnaryContinuation?)
    }

    enum HalfClose {
        case notRequested
        /// Asked for while sends were outstanding; starts after the last one completed.
        case requested
        case started
    }

    var waiter: Waiter
    /// Nil once destroyed (after every started batch completed and the status is known).
    var call: ShimCall?
    /// The batches started and not completed yet.
    var pending: Set<Tag.Operation> = []
    /// The final status, once gRPC delivered it.
    var status: Status?
    /// The waiter has been given the final status.
    var isFinished = false
    /// The stream's `BidirectionalCall` is gone.
    var isReleased = false
    var halfClose = HalfClose.notRequested
    /// The send whose batch is outstanding (only one SEND_MESSAGE may be).
    var sendInFlight: SendContinuation?
    /// Sends waiting for `sendInFlight`, in order.
    var queuedSends: [(message: [UInt8], continuation: SendContinuation)] = []
    /// Sends that could not be delivered; they throw the final status once it is known.
    var failedSends: [SendContinuation] = []
    /// Messages handed to the stream's consumer and not taken yet (see `ChannelState.readAhead`).
    var undelivered = 0
    /// No receive is started because `undelivered` reached the read-ahead; the consumer restarts it.
    var receiveParked = false

    init(waiter: Waiter, call: ShimCall, pending: Set<Tag.Operation>) {
        self.waiter = waiter
        self.call = call
        self.pending = pending
    }

    var isUnary: Bool {
        if case .unary = waiter { true } else { false }
    }

    /// Whether the record can go: its C call is freed and nobody can ask about it any more.
    var isDone: Bool {
        call == nil && (isUnary || isReleased)
    }

    /// Gives the waiter the final status once no received message can still arrive, and fails the sends
    /// that wait. Stream records only; at most once.
    mutating func finishIfEnded() -> [Effect] {
        guard case .stream(let continuation) = waiter, let status, !isFinished, !pending.contains(.receive) else {
            return []
        }
        isFinished = true
        let failed = failedSends + queuedSends.map(\.continuation)
        failedSends = []
        queuedSends = []
        return [.finish(continuation, status)] + failed.map { .resumeSend($0, .failure(status.sendFailure)) }
    }

    /// Frees the C call once the status is known and every started batch completed.
    mutating func destroyIfDrained() {
        guard let call, status != nil, pending.isEmpty else { return }
        call.destroy()
        self.call = nil
    }
}
