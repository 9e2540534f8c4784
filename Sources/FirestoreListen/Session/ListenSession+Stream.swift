import FirestoreWatch
import FirestoreWire
import GRPCTransport

extension ListenSession {
    /// Runs one stream to its end and returns why it ended and whether it reached a consistent point; throws
    /// only what ends the listener.
    ///
    /// Teardown, whatever the end: 1. the watchdog is cancelled; 2. the stream is cancelled (a no-op when
    /// it ended by itself); 3. the attempt is dropped, unless a newer stream already replaced it.
    ///
    /// - Parameter lastEnded: why the stream before ended, reported if `maxRetryTime` runs out on this one.
    func runOneStream(givingUpWith lastEnded: Status?) async throws -> StreamEnd {
        let stream: any ListenStream
        do {
            stream = try transport.openListenStream()
        } catch let status as Status {
            return StreamEnd(status, healthy: false)
        }
        generation += 1
        streamsOpened += 1
        let generation = self.generation
        var fresh = StreamAttempt(
            generation: generation,
            stream: stream,
            liveness: Liveness(
                probeAfter: configuration.probeAfter,
                responseTimeout: configuration.responseTimeout,
                acknowledgementTimeout: configuration.acknowledgementTimeout,
                openedAt: .now
            )
        )
        fresh.unsentAdds = state.streamDidRestart()
        attempt = fresh
        let watchdog = Task { await self.watchLiveness(generation) }
        defer {
            watchdog.cancel()
            stream.cancel()
            if attempt?.generation == generation {
                // A probe goes with its stream (its target is not re-added on the next one).
                if let probeID = attempt?.probeID { state.remove(targetID: probeID) }
                attempt = nil
            }
        }
        do {
            while attempt?.generation == generation, let next = attempt?.unsentAdds.first {
                attempt?.unsentAdds.removeFirst()
                try await send(.add(next), on: stream)
                try Task.checkCancellation()
            }
            for try await change in stream.changes {
                try Task.checkCancellation()
                attempt?.liveness.received(at: .now)
                attempt?.answered = true
                try await handle(change, on: stream)
                await waitForConsumers()
            }
            let ended = ending(of: attempt) ?? Status(code: .unknown, message: "the server ended the stream")
            return StreamEnd(ended, healthy: attempt?.healthy ?? false)
        } catch let status as Status {
            if Task.isCancelled { throw CancellationError() }
            let ended = attempt
            switch ended?.interruption {
            case .ranOutOfTime?:
                return StreamEnd(
                    lastEnded ?? Status(code: .unavailable, message: "the server has not answered"), healthy: false)
            case .presumedDead?:
                transport.discardConnection()
                let silence = ended?.liveness.patience.brief ?? configuration.responseTimeout.brief
                let what = ended?.liveness.answered == true ? "no answer from the server" : "no answer to a new stream"
                return StreamEnd(
                    Status(code: .unavailable, message: "\(what) for \(silence); connection presumed dead"),
                    healthy: ended?.healthy ?? false
                )
            default:
                if let reason = Self.oversized(status) {
                    return StreamEnd(
                        Status(code: .resourceExhausted, message: reason), healthy: ended?.healthy ?? false,
                        persistentFault: reason)
                }
                // UNKNOWN with no reason, before the stream said anything, is how a server refuses a request it
                // cannot parse (the emulator, for a database name that is no resource name): it comes again on
                // every stream.
                if status.code == .unknown, status.message.allSatisfy(\.isWhitespace), ended?.answered != true {
                    return StreamEnd(
                        status, healthy: false,
                        persistentFault: "the server ended the stream with UNKNOWN and no reason, before answering")
                }
                return StreamEnd(ending(of: ended) ?? status, healthy: ended?.healthy ?? false)
            }
        } catch let error as WireError {
            let reason = "a server message did not decode: \(error.message)"
            return StreamEnd(
                Status(code: .internal, message: reason), healthy: attempt?.healthy ?? false, persistentFault: reason)
        } catch let error as WatchError {
            // A protocol violation: INTERNAL, as Google's clients report them.
            throw Fatal(Status(code: .internal, message: error.message))
        }
    }

    /// Why a message was refused for its size, when `status` is gRPC's refusal of one.
    private static func oversized(_ status: Status) -> String? {
        // gRPC core's own words for a message over the channel's receive limit.
        guard status.code == .resourceExhausted, status.message.hasPrefix("Received message larger than max")
        else { return nil }
        let limit = FirestoreConnection.maximumMessageBytes / (1024 * 1024)
        return "a server message is larger than \(limit) MiB, more than any Firestore document (at most 1 MiB) "
            + "needs (\(status.message))"
    }

    /// The status a deliberate restart of `attempt` ends with, if it was one.
    private func ending(of attempt: StreamAttempt?) -> Status? {
        switch attempt?.interruption {
        case .restart(let status)?: status
        case .stopped?: Status(code: .cancelled, message: "every listener left")
        default: nil
        }
    }

    func send(_ request: Wire.ListenRequestBody, on stream: any ListenStream) async throws {
        attempt?.liveness.sent(at: .now)
        try await stream.send(request)
    }

    /// Sends the liveness probe when the stream has been quiet, and cancels a stream that does not answer or
    /// that has sent nothing when `maxRetryTime` runs out.
    private func watchLiveness(_ streamGeneration: Int) async {
        while !Task.isCancelled {
            try? await Task.sleep(for: .seconds(1))
            guard let current = attempt, current.generation == streamGeneration else { return }
            if waitingForConsumer { continue }
            let now = ContinuousClock.now
            // A stream that answers is left to reach its consistent point (a large first result takes time)
            // or to break; one that has sent nothing is given up at the deadline.
            if !current.answered, budget.isExhausted(at: now) {
                attempt?.interrupt(.ranOutOfTime)
                return
            }
            switch current.liveness.verdict(at: now, probing: current.probeID != nil) {
            case .alive: continue
            case .dead:
                attempt?.interrupt(.presumedDead)
                return
            case .probe:
                let id = nextTargetID
                nextTargetID += 1
                attempt?.probeID = id
                let probe = ListenTarget(id: id, spec: .documents([probeDocument]))
                state.add(probe)
                try? await send(.add(probe), on: current.stream)
            }
        }
    }
}

/// How a stream ended: its status, whether it reached a consistent point, and, for a fault that a new
/// stream does not cure when it comes again (a server message that does not decode or is too large; UNKNOWN
/// with no reason before any answer), what it was: the same on every stream is not a network fault (see
/// `ListenSession.identicalFailuresAllowed`).
struct StreamEnd: Sendable {
    var status: Status
    var healthy: Bool
    var persistentFault: String?

    init(_ status: Status, healthy: Bool, persistentFault: String? = nil) {
        self.status = status
        self.healthy = healthy
        self.persistentFault = persistentFault
    }
}
