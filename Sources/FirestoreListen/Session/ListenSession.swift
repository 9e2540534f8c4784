import FirestoreWatch
import FirestoreWire
import GRPCTransport

/// Listens to any number of targets over one Listen stream at a time, and never misses a change: it reopens
/// broken streams from the resume tokens, and detects dead connections with a probe.
///
/// ```
///              open                first message             a consistent point (CURRENT + NO_CHANGE)
///   Initial ─────────► Starting ───────────────► Open ──────────────────────────────────────► Healthy
///                         ▲  │ error                │ error / no answer in 15 s                 │ error
///                         │  ▼                      ▼                                           ▼
///                         └─ Backoff ◄───────────────────────────────────────────────────────────┘
///                  (retryable status; 0 s after a healthy stream, then 1 s × 1.5 … 60 s, ± 50 %)
///
///   any state ── fatal status, protocol violation, maxRetryTime exceeded ──► Failed (every consumer throws)
///   any state ── the last consumer leaves ──────────────────────────────────► Stopped (stream cancelled)
/// ```
///
/// Pieces, one owner each: the actor owns the `WatchState` (documents, resume tokens, read times) and the
/// consumers (`Subscriber`, one per listener, each owning its targets); the current stream's state is one
/// `StreamAttempt`, replaced as a whole, with its `Liveness`; the backoff and `maxRetryTime` are one
/// `RetryBudget`; `ListenSession+Events.swift` turns the watch events into each consumer's events.
///
/// A target added while a stream is open goes out on that stream; a consumer that leaves has its targets
/// removed from it. The stream closes when the last consumer leaves, and the next consumer opens a new one.
package actor ListenSession {
    package struct Configuration: Sendable {
        package var probeAfter: Duration = .seconds(30)
        package var responseTimeout: Duration = .seconds(15)
        /// How long a new stream may leave its first request unanswered (at most `responseTimeout`).
        package var acknowledgementTimeout: Duration = .seconds(10)
        /// Ends the session after this long without a healthy stream; nil retries for ever.
        package var maxRetryTime: Duration?
        package var backoff = Backoff()
        /// Also report every decoded server message (`.message`), for the `--raw` view.
        package var reportsMessages = false
        package init() {}
    }

    /// How many streams in a row may end on the same fault that a new stream should cure (a server message
    /// that does not decode or is too large; UNKNOWN with no reason before any answer) before the listener
    /// stops: a fault of the network goes away on a new stream; one that comes back each time never will.
    static let identicalFailuresAllowed = 3

    /// How many events the session may run ahead of a consumer before it stops reading the stream.
    static let eventsAhead = 8

    let transport: any ListenTransport
    let configuration: Configuration
    let probeDocument: String
    var state: WatchState
    /// The targets given to `init`, for the consumer of `events()`.
    private var initialTargets: [Int32]?
    var subscribers: [Int: Subscriber] = [:]
    private var nextSubscriberID = 0
    var nextTargetID: Int32 = 1

    /// The current stream; nil between streams.
    var attempt: StreamAttempt?
    var generation = 0
    /// How many Listen streams this session has opened.
    package internal(set) var streamsOpened = 0
    /// The running loop of streams and retries; nil while no consumer listens.
    private var run: (id: Int, task: Task<Void, Never>)?
    /// A loop that was stopped and is winding down: the next one starts after it ended, so that two loops
    /// never share the current stream.
    private var stopping: Task<Void, Never>?
    private var runs = 0
    var budget: RetryBudget
    /// The targets that have had a snapshot reported in this session.
    var snapshotReported: Set<Int32> = []
    var retriedWithoutToken: Set<Int32> = []
    /// The session is waiting for a consumer (see `waitForConsumers`); the watchdog holds its clocks.
    var waitingForConsumer = false

    /// A session with no targets yet: `listen(_:restoring:)` adds them.
    /// - Parameter databaseName: `projects/P/databases/D`, used to name the liveness probe's document.
    package init(transport: any ListenTransport, databaseName: String, configuration: Configuration = Configuration()) {
        self.init(
            transport: transport, databaseName: databaseName, configuration: configuration, state: WatchState(),
            initialTargets: nil)
    }

    /// A session for `targets`, all reported to the one consumer of `events()`.
    ///
    /// - Parameters:
    ///   - targets: what to listen to; their ids must be unique and positive.
    ///   - restoring: a state saved by an earlier listener (see `StateFile`), or a fresh one.
    package init(
        transport: any ListenTransport,
        targets: [ListenTarget],
        databaseName: String,
        restoring state: WatchState = WatchState(),
        configuration: Configuration = Configuration()
    ) {
        var state = state
        for target in targets where !state.targetIDs.contains(target.id) { state.add(target) }
        self.init(
            transport: transport, databaseName: databaseName, configuration: configuration, state: state,
            initialTargets: targets.map(\.id))
    }

    private init(
        transport: any ListenTransport,
        databaseName: String,
        configuration: Configuration,
        state: WatchState,
        initialTargets: [Int32]?
    ) {
        self.transport = transport
        self.configuration = configuration
        // Not `__…__`: production reserves such ids, and a refused probe would prove less than an answered one.
        self.probeDocument = databaseName + "/documents/firestore-listen-probe/liveness"
        self.state = state
        self.initialTargets = initialTargets
        self.nextTargetID = (state.targetIDs.max() ?? 0) + 1
        self.budget = RetryBudget(limit: configuration.maxRetryTime, backoff: configuration.backoff, startedAt: .now)
    }

    /// Starts listening to the targets given to `init`; call it once (a second sequence fails with
    /// FAILED_PRECONDITION). The sequence ends when the consumer stops iterating (the stream is then
    /// cancelled), and throws `FirestoreErrorCode` on a failure that ends the listener.
    package nonisolated func events() -> ListenEvents {
        let (events, continuation) = AsyncThrowingStream.makeStream(of: ListenEvent.self)
        let credit = EventCredit(capacity: Self.eventsAhead)
        let subscribing = Task {
            await self.subscribeInitialTargets(continuation, credit: credit)
        }
        continuation.onTermination = { _ in
            credit.close()
            Task {
                let id = await subscribing.value
                await self.unsubscribe(id)
            }
        }
        return ListenEvents(stream: events, credit: credit)
    }

    /// Adds a target and returns its id and its events, which end when the consumer stops iterating (the
    /// target is then removed from the stream) and throw `FirestoreErrorCode` on a failure of the target or
    /// of the session.
    /// - Parameter persisted: the target's state saved by an earlier listener; its id is replaced.
    package func listen(_ spec: TargetSpec, restoring persisted: PersistedTarget? = nil) async -> (
        targetID: Int32, events: ListenEvents
    ) {
        let id = nextTargetID
        nextTargetID += 1
        let target: ListenTarget
        if var persisted {
            persisted.target.id = id
            target = state.restore(persisted)
        } else {
            target = ListenTarget(id: id, spec: spec)
            state.add(target)
        }
        let (events, continuation) = AsyncThrowingStream.makeStream(of: ListenEvent.self)
        let credit = EventCredit(capacity: Self.eventsAhead)
        let subscriber = addSubscriber(Subscriber(continuation: continuation, credit: credit, targets: [id]))
        continuation.onTermination = { _ in
            credit.close()
            Task { await self.unsubscribe(subscriber) }
        }
        await goesOut(target)
        startIfNeeded()
        return (id, ListenEvents(stream: events, credit: credit))
    }

    private func subscribeInitialTargets(
        _ continuation: AsyncThrowingStream<ListenEvent, any Error>.Continuation, credit: EventCredit
    ) -> Int? {
        guard let targets = initialTargets else {
            continuation.finish(
                throwing: FirestoreErrorCode(.failedPrecondition, message: "the session is already listening"))
            return nil
        }
        initialTargets = nil
        let id = addSubscriber(Subscriber(continuation: continuation, credit: credit, targets: Set(targets)))
        startIfNeeded()
        return id
    }

    private func addSubscriber(_ subscriber: Subscriber) -> Int {
        let id = nextSubscriberID
        nextSubscriberID += 1
        subscribers[id] = subscriber
        return id
    }

    /// A new target goes out on the open stream (after the ones it is still sending), or on the next one.
    private func goesOut(_ target: ListenTarget) async {
        guard let attempt else { return }
        if !attempt.unsentAdds.isEmpty {
            self.attempt?.unsentAdds.append(target)
        } else {
            // A failed send breaks the stream, whose end then reopens it with every target.
            try? await send(.add(target), on: attempt.stream)
        }
    }

    private func startIfNeeded() {
        guard run == nil else { return }
        runs += 1
        let id = runs
        let previous = stopping
        stopping = nil
        run = (
            id,
            Task {
                await previous?.value
                await self.runStreams(id)
            }
        )
    }

    /// Every consumer left: the running loop ends and its stream is cancelled.
    func stop() {
        guard let run else { return }
        self.run = nil
        run.task.cancel()
        stopping = run.task
        attempt?.interrupt(.stopped)
    }

    private func runStreams(_ id: Int) async {
        do {
            try await retryLoop()
        } catch let failure as Fatal {
            finishAll(throwing: FirestoreErrorCode(failure.status))
        } catch {
            // Cancelled: the consumers left.
        }
        if run?.id == id { run = nil }
    }

    /// Ends every consumer, with `error` or cleanly.
    func finishAll(throwing error: FirestoreErrorCode?) {
        for subscriber in subscribers.values { subscriber.continuation.finish(throwing: error) }
        for id in subscribers.values.flatMap(\.targets) { state.remove(targetID: id) }
        subscribers = [:]
    }

    /// Reports `event` to the consumer of its target, or to every consumer when it concerns the stream.
    func emit(_ event: ListenEvent) {
        if let target = event.targetID {
            for subscriber in subscribers.values where subscriber.targets.contains(target) { subscriber.yield(event) }
        } else {
            for subscriber in subscribers.values { subscriber.yield(event) }
        }
    }

    /// Waits while a consumer is `eventsAhead` events behind, reading nothing from the server meanwhile.
    /// The wait is neither the server's silence nor time without a healthy stream.
    func waitForConsumers() async {
        guard subscribers.values.contains(where: \.credit.isFull) else { return }
        waitingForConsumer = true
        let started = ContinuousClock.now
        for subscriber in subscribers.values where subscriber.credit.isFull { await subscriber.credit.waitForRoom() }
        waitingForConsumer = false
        attempt?.liveness.resumedReading(at: .now)
        budget.paused(for: ContinuousClock.now - started)
    }

    private func retryLoop() async throws {
        budget = RetryBudget(limit: configuration.maxRetryTime, backoff: configuration.backoff, startedAt: .now)
        var lastEnded: Status?
        var repeated: (reason: String, count: Int)?
        while true {
            let end = try await runOneStream(givingUpWith: lastEnded)
            let (ended, healthy) = (end.status, end.healthy)
            try Task.checkCancellation()
            budget.streamEnded(wasHealthy: healthy, at: .now)
            if healthy { repeated = nil }
            if let reason = end.persistentFault {
                let count = repeated?.reason == reason ? (repeated?.count ?? 0) + 1 : 1
                repeated = (reason, count)
                if count >= Self.identicalFailuresAllowed {
                    throw Fatal(
                        Status(
                            code: ended.code,
                            message: "\(reason); the same on \(count) streams in a row, so not a network fault: "
                                + "the listener stops"))
                }
            }
            guard ended.isRetryable else { throw Fatal(ended) }
            if budget.isExhausted(at: .now) { throw Fatal(budget.exhausted(ended)) }
            lastEnded = ended
            if ended.code == .unauthenticated { transport.discardConnection() }
            let delay = budget.nextDelay(after: ended, at: .now)
            emit(.reconnecting(attempt: budget.attempt, delay: delay, status: FirestoreErrorCode(ended)))
            try await Task.sleep(for: delay)
            if budget.isExhausted(at: .now) { throw Fatal(budget.exhausted(ended)) }
        }
    }
}
