extension ChannelState {
    /// Handles one completed batch (on the poller thread, under the lock): hands out what it delivered,
    /// starts the next batch of its kind, and frees the call once everything it started came back.
    mutating func complete(_ tag: Tag, ok: Bool) -> [Effect] {
        let id = tag.callID
        guard var record = calls[id], let call = record.call else {
            preconditionFailure("completion \(tag) for a call that is not running")
        }
        record.pending.remove(tag.operation)
        var effects: [Effect] = []
        switch tag.operation {
        case .status:
            // gRPC reports a batch holding RECV_STATUS_ON_CLIENT as successful; the status tells how it went.
            record.status = call.status
        case .receive:
            if ok, let message = call.takeMessage(), case .stream(let continuation) = record.waiter {
                effects.append(.yield(message, continuation))
                record.undelivered += 1
                if phase == .open {
                    if record.undelivered < Self.readAhead {
                        call.receive(tag: Tag(id, .receive))
                        record.pending.insert(.receive)
                    } else {
                        // The consumer is behind: stop reading, so that HTTP/2 flow control holds the server
                        // back instead of this process buffering without bound.
                        record.receiveParked = true
                    }
                }
            }
        case .send:
            effects += completeSend(&record, ok: ok)
        case .closeSend:
            break
        case .unary:
            let status = call.status
            record.status = status
            record.isFinished = true
            if case .unary(let continuation?) = record.waiter {
                effects.append(.resumeUnary(continuation, unaryResult(status: status, message: call.takeMessage())))
            }
        }
        effects += record.finishIfEnded()
        record.destroyIfDrained()
        calls[id] = record.isDone ? nil : record
        if ok, tag.operation == .send {
            startNextSend(id)
        }
        return effects
    }

    /// Resumes the send in flight: success, or (failed) its final status when known, else later.
    private func completeSend(_ record: inout CallRecord, ok: Bool) -> [Effect] {
        guard let continuation = record.sendInFlight else { preconditionFailure("a send completed that never started") }
        record.sendInFlight = nil
        if ok {
            return [.resumeSend(continuation, .success(()))]
        }
        let waiting = [continuation] + record.queuedSends.map(\.continuation)
        record.queuedSends = []
        if record.isFinished, let status = record.status {
            return waiting.map { .resumeSend($0, .failure(status.sendFailure)) }
        }
        record.failedSends += waiting
        return []
    }

    /// After a send went out: the next queued one, or the half-close that waited for the sends.
    private mutating func startNextSend(_ id: UInt64) {
        guard let record = calls[id] else { return }
        if record.queuedSends.isEmpty {
            startCloseSend(id)
        } else {
            let next = calls[id]!.queuedSends.removeFirst()
            startSend(next.message, on: id, continuation: next.continuation)
        }
    }

    private func unaryResult(status: Status, message: [UInt8]?) -> Result<[UInt8], Status> {
        guard status.code == .ok else { return .failure(status) }
        guard let message else {
            return .failure(Status(code: .internal, message: "the server ended the call OK without a response"))
        }
        return .success(message)
    }
}
