import FirestoreWatch
import FirestoreWire
import GRPCTransport

extension ListenSession {
    /// Runs one stream to its end and returns why it ended, whether it reached a consistent point and whether
    /// it sent anything; throws only what ends the listener.
    ///
    /// Teardown, whatever the end: 1. the watchdog is cancelled; 2. the stream is cancelled (a no-op when
    /// it ended by itself); 3. the attempt is dropped, unless a newer stream already replaced it.
    ///
    /// - Parameter lastEnded: why the stream before ended, reported if `maxRetryTime` runs out on this one.
    func runOneStream(givingUpWith lastEnded: Status?) async throws -> (ended: Status, healthy: Bool, answered: Bool) {
        let stream: any ListenStream
        do {
            stream = try transport.openListenStream()
        } catch let status as Status {
            return (status, false, false)
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
            return (ended, attempt?.healthy ?? false, attempt?.answered ?? false)
        } catch let status as Status {
            if Task.isCancelled { throw CancellationError() }
            let ended = attempt
            switch ended?.interruption {
            case .ranOutOfTime?:
                return (lastEnded ?? Status(code: .unavailable, message: "the server has not answered"), false, false)
            case .presumedDead?:
                transport.discardConnection()
                let silence = configuration.responseTimeout.formatted
                return (
                    Status(
                        code: .unavailable,
                        message: "no answer from the server for \(silence); connection presumed dead"
                    ), ended?.healthy ?? false, ended?.answered ?? false
                )
            default:
                return (ending(of: ended) ?? status, ended?.healthy ?? false, ended?.answered ?? false)
            }
        } catch let error as WireError {
            let ended = Status(code: .internal, message: "a server message did not decode: \(error.message)")
            return (ended, attempt?.healthy ?? false, attempt?.answered ?? false)
        } catch let error as WatchError {
            // A protocol violation: INTERNAL, as Google's clients report them.
            throw Fatal(Status(code: .internal, message: error.message))
        }
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
