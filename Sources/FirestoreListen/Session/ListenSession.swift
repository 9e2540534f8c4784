import FirestoreWatch
import FirestoreWire
import GRPCTransport

/// Listens to one or more targets over one Listen stream at a time, and never misses a change: it reopens
/// broken streams from the resume token, and detects dead connections with a probe.
///
/// ```
///              open                first message             a consistent point (CURRENT + NO_CHANGE)
///   Initial ─────────► Starting ───────────────► Open ──────────────────────────────────────► Healthy
///                         ▲  │ error                │ error / no answer in 15 s                 │ error
///                         │  ▼                      ▼                                           ▼
///                         └─ Backoff ◄───────────────────────────────────────────────────────────┘
///                  (retryable status; 0 s after a healthy stream, then 1 s × 1.5 … 60 s, ± 50 %)
///
///   any state ── fatal status, protocol violation, --max-retry-time exceeded ──► Failed (events throw)
///   any state ── the consumer stops iterating (Ctrl-C, --once, --max-events) ──► Stopped (stream cancelled)
/// ```
///
/// Ownership: the actor owns the `WatchState` (documents, resume tokens, read times) and the current
/// stream. Completions of an older stream are dropped by the generation counter.
///
/// Liveness: the emulator sends nothing on an idle stream and punishes keepalive pings, and a proxy that
/// blackholes a connection shows neither FIN nor RST. So after `probeAfter` without any message, the
/// session adds a tiny documents target (a document that need not exist) and removes it once acknowledged;
/// any request left without any answer for `responseTimeout` marks the stream dead and it is reopened.
/// Worst case from the last message to the reopen: `probeAfter + responseTimeout` + 1 s of tick.
package actor ListenSession {
    package struct Configuration: Sendable {
        package var probeAfter: Duration = .seconds(30)
        package var responseTimeout: Duration = .seconds(15)
        /// Ends the session after this long without a healthy stream; nil retries for ever.
        package var maxRetryTime: Duration?
        package var backoff = Backoff()
        /// Also report every decoded server message (`.message`), for the `--raw` view.
        package var reportsMessages = false
        package init() {}
    }

    private let transport: any ListenTransport
    private let configuration: Configuration
    private let probeDocument: String
    var state: WatchState
    /// The targets the user asked for, by id.
    private var userTargets: Set<Int32>
    private var nextTargetID: Int32

    private var stream: (any ListenStream)?
    /// The AddTargets of a new stream not sent yet (`replaceTarget` may change them while they go out).
    private var unsentAdds: [ListenTarget] = []
    private var generation = 0
    private var streamsOpened = 0
    private var lastReceived = ContinuousClock.now
    /// When the oldest request that has had no answer at all was sent; nil when nothing is pending.
    private var unansweredSince: ContinuousClock.Instant?
    private var probeID: Int32?
    private var presumedDead = false
    /// When `maxRetryTime` runs out unless a stream becomes healthy first; nil while one is healthy.
    private var giveUpAt: ContinuousClock.Instant?
    /// The watchdog ended the stream because `giveUpAt` passed before it sent anything.
    private var ranOutOfTime = false
    /// The current stream has sent at least one message.
    private var answeredThisStream = false
    private var healthyThisStream = false
    private var currentReported: Set<Int32> = []
    /// The user targets that have had a snapshot reported in this session.
    private var snapshotReported: Set<Int32> = []
    private var restartReason: Status?
    private var retriedWithoutToken: Set<Int32> = []
    private var output: AsyncThrowingStream<ListenEvent, any Error>.Continuation?
    private var credit: EventCredit?
    /// The session is waiting for its consumer (see `waitForConsumer`); the watchdog holds its clocks.
    private var waitingForConsumer = false

    /// - Parameters:
    ///   - targets: what to listen to; their ids must be unique and positive.
    ///   - databaseName: `projects/P/databases/D`, used to name the liveness probe's document.
    ///   - restoring: a state saved by an earlier listener (see `StateFile`), or a fresh one.
    package init(
        transport: any ListenTransport,
        targets: [ListenTarget],
        databaseName: String,
        restoring state: WatchState = WatchState(),
        configuration: Configuration = Configuration()
    ) {
        self.transport = transport
        self.configuration = configuration
        // Not `__…__`: production reserves such ids, and a refused probe would prove less than an answered one.
        self.probeDocument = databaseName + "/documents/firestore-listen-probe/liveness"
        var state = state
        for target in targets where !state.targetIDs.contains(target.id) { state.add(target) }
        self.state = state
        self.userTargets = Set(targets.map(\.id))
        self.nextTargetID = (targets.map(\.id).max() ?? 0) + 1
    }

    /// Starts listening; call it once per session (a second sequence fails with FAILED_PRECONDITION). The
    /// sequence ends when the consumer stops iterating (the stream is then cancelled), and throws `FirestoreErrorCode`
    /// on a failure that ends the listener.
    package nonisolated func events() -> ListenEvents {
        let (events, continuation) = AsyncThrowingStream.makeStream(of: ListenEvent.self)
        let credit = EventCredit(capacity: Self.eventsAhead)
        let task = Task { await self.run(continuation, credit: credit) }
        continuation.onTermination = { _ in
            credit.close()
            task.cancel()
        }
        return ListenEvents(stream: events, credit: credit)
    }

    /// How many events the session may run ahead of its consumer before it stops reading the stream.
    static let eventsAhead = 8

    /// Replaces a target's query on the live stream: removes the old target and adds the new one, without
    /// reconnecting. Returns the new target's id.
    package func replaceTarget(_ id: Int32, with spec: TargetSpec) async throws -> Int32 {
        let newID = nextTargetID
        nextTargetID += 1
        let target = ListenTarget(id: newID, spec: spec)
        userTargets.remove(id)
        userTargets.insert(newID)
        if let unsent = unsentAdds.firstIndex(where: { $0.id == id }) {
            // The new stream has not sent the old target yet: send the new one in its place.
            state.discardUnsent(targetID: id)
            state.add(target)
            unsentAdds[unsent] = target
            return newID
        }
        state.remove(targetID: id)
        state.add(target)
        if let stream {
            try await stream.send(.remove(id))
            try await send(.add(target), on: stream)
        }
        return newID
    }

    private func run(
        _ continuation: AsyncThrowingStream<ListenEvent, any Error>.Continuation, credit: EventCredit
    ) async {
        guard output == nil else {
            continuation.finish(
                throwing: FirestoreErrorCode(.failedPrecondition, message: "the session is already listening"))
            return
        }
        output = continuation
        self.credit = credit
        do {
            try await retryLoop()
            continuation.finish()
        } catch let failure as Fatal {
            continuation.finish(throwing: FirestoreErrorCode(failure.status))
        } catch is CancellationError {
            continuation.finish()
        } catch let status as Status {
            continuation.finish(throwing: FirestoreErrorCode(status))
        } catch {
            continuation.finish(throwing: FirestoreErrorCode(.unknown, message: "\(error)"))
        }
    }

    private func emit(_ event: ListenEvent) {
        if case .enqueued = output?.yield(event) { credit?.produced() }
    }

    /// Waits while the consumer is `eventsAhead` events behind, reading nothing from the server meanwhile.
    /// The wait is not the server's silence: the liveness clocks start again after it.
    private func waitForConsumer() async {
        guard let credit, credit.isFull else { return }
        waitingForConsumer = true
        let started = ContinuousClock.now
        await credit.waitForRoom()
        waitingForConsumer = false
        lastReceived = .now
        if unansweredSince != nil { unansweredSince = .now }
        // Nor is it time without a healthy stream.
        giveUpAt = giveUpAt.map { $0 + (ContinuousClock.now - started) }
    }

    private func retryLoop() async throws {
        var backoff = configuration.backoff
        var attempt = 0
        var lastEnded: Status?
        if let limit = configuration.maxRetryTime { giveUpAt = .now + limit }
        while true {
            let ended = try await runOneStream(givingUpWith: lastEnded)
            try Task.checkCancellation()
            if healthyThisStream {
                backoff.reset()
                attempt = 0
                // The time without a healthy stream starts now.
                if let limit = configuration.maxRetryTime { giveUpAt = .now + limit }
            }
            guard ended.isRetryable else { throw Fatal(ended) }
            try giveUpIfDue(ended)
            lastEnded = ended
            if ended.code == .unauthenticated { transport.discardConnection() }
            attempt += 1
            if ended.code == .resourceExhausted { backoff.maximum() }
            var delay = backoff.next()
            if let giveUpAt { delay = min(delay, max(.zero, giveUpAt - .now)) }
            emit(.reconnecting(attempt: attempt, delay: delay, status: FirestoreErrorCode(ended)))
            try await Task.sleep(for: delay)
            try giveUpIfDue(ended)
        }
    }

    /// Ends the listener once `maxRetryTime` has passed without a healthy stream.
    private func giveUpIfDue(_ reason: Status) throws {
        guard let limit = configuration.maxRetryTime, let giveUpAt, ContinuousClock.now >= giveUpAt else { return }
        throw Fatal(Status(code: reason.code, message: "no healthy stream for \(limit.formatted): \(reason.message)"))
    }

    /// Runs one stream to its end and returns why it ended; throws only what ends the listener.
    ///
    /// - Parameter lastEnded: why the stream before ended, reported if `maxRetryTime` runs out on this one.
    private func runOneStream(givingUpWith lastEnded: Status?) async throws -> Status {
        let stream: any ListenStream
        do {
            stream = try transport.openListenStream()
        } catch let status as Status {
            return status
        }
        generation += 1
        streamsOpened += 1
        self.stream = stream
        // A probe of the old stream goes with it; so does any wait for an answer on it.
        if let probeID { state.remove(targetID: probeID) }
        (probeID, presumedDead, healthyThisStream, restartReason, unansweredSince) = (nil, false, false, nil, nil)
        (ranOutOfTime, answeredThisStream) = (false, false)
        currentReported = []
        lastReceived = .now
        let watchdog = Task { [generation] in await self.watchLiveness(generation) }
        defer {
            unsentAdds = []
            watchdog.cancel()
            stream.cancel()
            self.stream = nil
        }
        do {
            unsentAdds = state.streamDidRestart()
            while !unsentAdds.isEmpty {
                try await send(.add(unsentAdds.removeFirst()), on: stream)
            }
            for try await change in stream.changes {
                try Task.checkCancellation()
                lastReceived = .now
                unansweredSince = nil
                answeredThisStream = true
                try await handle(change, on: stream)
                await waitForConsumer()
            }
            return restartReason ?? Status(code: .unknown, message: "the server ended the stream")
        } catch let status as Status {
            if Task.isCancelled { throw CancellationError() }
            if ranOutOfTime {
                return lastEnded ?? Status(code: .unavailable, message: "the server has not answered")
            }
            if presumedDead {
                transport.discardConnection()
                return Status(
                    code: .unavailable,
                    message:
                        "no answer from the server for \(configuration.responseTimeout.formatted); connection presumed dead"
                )
            }
            return restartReason ?? status
        } catch let error as WireError {
            return Status(code: .internal, message: "a server message did not decode: \(error.message)")
        } catch let error as WatchError {
            throw Fatal(Status(code: StatusCode(name: error.codeName) ?? .internal, message: error.message))
        }
    }

    private func send(_ request: Wire.ListenRequestBody, on stream: any ListenStream) async throws {
        if unansweredSince == nil { unansweredSince = .now }
        try await stream.send(request)
    }

    private func handle(_ change: WatchChange, on stream: any ListenStream) async throws {
        if configuration.reportsMessages { emit(.message(change)) }
        // A REMOVE with a cause takes the target away; keep what we hold in case it was a refused resume.
        var refused: PersistedTarget?
        if case .target(let targetChange) = change, targetChange.kind == .remove, targetChange.cause != nil {
            refused = targetChange.targetIDs.compactMap { state.persistedTarget($0) }.first { $0.resume != nil }
        }
        let events = Self.currentFirst(try state.apply(change))
        let snapshotTargets = Set(events.compactMap { if case .snapshot(let view) = $0 { view.targetID } else { nil } })
        for event in events {
            switch event {
            case .targetAdded(let id):
                if id == probeID {
                    state.remove(targetID: id)
                    try await send(.remove(id), on: stream)
                } else if userTargets.contains(id) {
                    if state.resumeTarget(id)?.resume == nil {
                        emit(.listening(targetID: id))
                    } else {
                        emit(.resumed(targetID: id, readTime: state.persistedTarget(id)?.readTime))
                    }
                }
            case .current(let id, let readTime):
                guard userTargets.contains(id) else { continue }
                // A consistent point: the stream works (the backoff starts again from 0 after it), and a
                // token-less re-listen has caught up, so a later refusal may be retried again.
                markHealthy(id)
                if currentReported.insert(id).inserted { emit(.current(targetID: id, readTime: readTime)) }
                if !snapshotReported.contains(id), !snapshotTargets.contains(id) {
                    // A restored view that nothing changed: report it, so that `--once` and a restarted
                    // listener see the consistent point (`initial: false`, no changes).
                    let view = ViewSnapshot(
                        targetID: id,
                        initial: false,
                        readTime: readTime,
                        documents: state.documents(targetID: id) ?? [],
                        changes: []
                    )
                    snapshotReported.insert(id)
                    emit(.snapshot(view, resume: state.persistedTarget(id)?.resume))
                }
            case .snapshot(let snapshot):
                if userTargets.contains(snapshot.targetID) {
                    markHealthy(snapshot.targetID)
                    snapshotReported.insert(snapshot.targetID)
                    emit(.snapshot(snapshot, resume: state.persistedTarget(snapshot.targetID)?.resume))
                }
            case .targetRemoved(let id):
                if id == probeID { probeID = nil }
            case .relisten(let target):
                restartReason = Status(
                    code: .aborted,
                    message: "the server's count of target \(target.id) disagrees with ours; listening afresh"
                )
                stream.cancel()
            case .targetFailed(let id, let cause):
                // A refused probe is an answer too: the connection lives; the next quiet spell probes again.
                if id == probeID { probeID = nil }
                guard userTargets.contains(id) else { continue }
                if var held = refused, held.target.id == id, retriedWithoutToken.insert(id).inserted {
                    held.resume = nil
                    held.target.resume = nil
                    _ = state.restore(held)
                    restartReason = Status(
                        code: .aborted,
                        message: "the server refused to resume target \(id) (\(cause.message)); listening afresh"
                    )
                    stream.cancel()
                } else {
                    throw Fatal(Status(code: StatusCode(rawValue: cause.code), message: cause.message))
                }
            }
        }
    }

    private func markHealthy(_ targetID: Int32) {
        healthyThisStream = true
        giveUpAt = nil
        retriedWithoutToken.remove(targetID)
    }

    /// The events with each `.current` moved before the snapshot of the same target and consistent point, so
    /// that `current` always precedes the snapshot it makes consistent (`--once` then prints both).
    private static func currentFirst(_ events: [WatchEvent]) -> [WatchEvent] {
        var ordered: [WatchEvent] = []
        for event in events {
            if case .current(let id, _) = event,
                let snapshot = ordered.firstIndex(where: {
                    if case .snapshot(let view) = $0 { view.targetID == id } else { false }
                })
            {
                ordered.insert(event, at: snapshot)
            } else {
                ordered.append(event)
            }
        }
        return ordered
    }

    /// Sends the liveness probe when the stream has been quiet, and cancels a stream that does not answer.
    private func watchLiveness(_ streamGeneration: Int) async {
        while !Task.isCancelled {
            try? await Task.sleep(for: .seconds(1))
            guard streamGeneration == generation, let stream else { return }
            if waitingForConsumer { continue }
            let now = ContinuousClock.now
            // A stream that answers is left to reach its consistent point (a large first result takes time)
            // or to break; one that has sent nothing is given up at the deadline.
            if !answeredThisStream, let giveUpAt, now >= giveUpAt {
                ranOutOfTime = true
                stream.cancel()
                return
            }
            if let since = unansweredSince, now - since > configuration.responseTimeout {
                presumedDead = true
                stream.cancel()
                return
            }
            if unansweredSince == nil, probeID == nil, now - lastReceived > configuration.probeAfter {
                let id = nextTargetID
                nextTargetID += 1
                probeID = id
                let probe = ListenTarget(id: id, spec: .documents([probeDocument]))
                state.add(probe)
                try? await send(.add(probe), on: stream)
            }
        }
    }
}

/// A status that ends the listener, thrown past the handling of a stream's own end (which retries).
private struct Fatal: Error {
    let status: Status
    init(_ status: Status) { self.status = status }
}

extension Duration {
    /// `90s`, `1.5s`, `250ms`.
    var formatted: String {
        let milliseconds = components.seconds * 1000 + components.attoseconds / 1_000_000_000_000_000
        if milliseconds % 1000 == 0 { return "\(milliseconds / 1000)s" }
        if milliseconds < 1000 { return "\(milliseconds)ms" }
        return "\(Double(milliseconds) / 1000)s"
    }
}
