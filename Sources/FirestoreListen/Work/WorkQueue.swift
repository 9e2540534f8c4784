import FirestoreWatch
import Synchronization

/// One run of a `QueueWorker`: which documents wait, which run, and what the worker knows of each.
///
/// Per document (by name) an `Entry` holds the latest version in the query, the update times of the
/// worker's own writes (their echo is ignored) and of the version it last ran (not run again), the content of a version given up on, and the timer that
/// looks again when another worker's claim becomes stale. Documents wait in one FIFO; at most
/// `concurrency` run, each in a task of its own (`WorkQueue+Process.swift`), never two of one document.
///
/// A stop: 1. the listener is cancelled; 2. nothing more is taken (the FIFO, timers and backoff pauses are
/// dropped); 3. the running documents finish, confirms included; 4. `run` returns the summary.
actor WorkQueue {
    struct Entry {
        /// The version in the query now; nil once it left the query.
        var latest: Document?
        var ownWrites: Set<Timestamp> = []
        /// The version this worker last started a run for: never run again.
        var started: Timestamp?
        /// The fields, claim fields aside, of a version given up on after its last attempt.
        var abandoned: [String: FirestoreValue]?
        var recheck: Task<Void, Never>?
        /// The version whose claim by another worker was reported (reported once).
        var reportedClaim: Timestamp?
    }

    enum Decision {
        case take
        case ignore
        case claimedElsewhere(by: String, staleAt: Timestamp)
    }

    nonisolated let query: Query
    nonisolated let settings: WorkSettings
    nonisolated let body: @Sendable (QueryDocumentSnapshot) async throws -> Void
    private let onEvent: @Sendable (WorkEvent) -> Void
    private nonisolated let control = Mutex<(stopped: Bool, listening: Task<FirestoreErrorCode?, Never>?)>((false, nil))

    private var entries: [String: Entry] = [:]
    /// The FIFO of names, each with the ticket it was queued with (`queued` holds the live ticket).
    private var waiting: [(name: String, ticket: Int)] = []
    private var head = 0
    private var queued: [String: Int] = [:]
    private var tickets = 0
    private var running: [String: Task<Void, Never>] = [:]
    private var pauses: [Int: Task<Void, Never>] = [:]
    private var clock = ServerClock()
    private(set) var stopping = false
    private var first = true
    private var summary = WorkSummary()

    init(
        query: Query,
        settings: WorkSettings,
        body: @escaping @Sendable (QueryDocumentSnapshot) async throws -> Void,
        onEvent: @escaping @Sendable (WorkEvent) -> Void
    ) {
        self.query = query
        self.settings = settings
        self.body = body
        self.onEvent = onEvent
    }

    /// Listens and processes until `stop()` or a failure of the listener; the running documents finish first.
    func run() async -> Result<WorkSummary, FirestoreErrorCode> {
        let listening = Task { () async -> FirestoreErrorCode? in
            do {
                for try await snapshot in query.snapshots(stateStore: settings.stateStore) { apply(snapshot) }
                return nil
            } catch {
                return FirestoreErrorCode(error)
            }
        }
        let stopped = control.withLock { control in
            control.listening = listening
            return control.stopped
        }
        if stopped { listening.cancel() }
        let failure = await listening.value
        stopping = true
        waiting.removeAll()
        queued.removeAll()
        for name in entries.keys {
            entries[name]?.recheck?.cancel()
            entries[name]?.recheck = nil
        }
        for pause in pauses.values { pause.cancel() }
        while let task = running.values.first { await task.value }
        return failure.map { .failure($0) } ?? .success(summary)
    }

    /// Ends the listener; `run` then lets the running documents finish and returns.
    nonisolated func stop() {
        let listening = control.withLock { control in
            control.stopped = true
            return control.listening
        }
        listening?.cancel()
    }

    /// Takes the documents of the first snapshot in query order, then each change in order.
    private func apply(_ snapshot: QuerySnapshot) {
        guard !stopping else { return }
        clock.observe(snapshot.readTime, at: .now)
        if first {
            first = false
            for document in snapshot.documents { offer(document.document) }
        } else {
            for change in snapshot.documentChanges {
                if change.type == .removed {
                    remove(change.document.document.name)
                } else {
                    offer(change.document.document)
                }
            }
        }
        startWaiting()
    }

    private func offer(_ document: Document) {
        var entry = entries[document.name] ?? Entry()
        entry.latest = document
        entry.recheck?.cancel()
        entry.recheck = nil
        entries[document.name] = entry
        // A document running now is looked at again when its run ends.
        if running[document.name] == nil { consider(document.name) }
    }

    private func remove(_ name: String) {
        entries[name]?.recheck?.cancel()
        queued[name] = nil
        if running[name] == nil { entries[name] = nil } else { entries[name]?.latest = nil }
    }

    /// Queues the document's latest version, ignores it, or waits for another worker's claim to go stale.
    private func consider(_ name: String) {
        guard !stopping, var entry = entries[name], let document = entry.latest else { return }
        switch decision(document, entry) {
        case .ignore:
            return
        case .take:
            guard queued[name] == nil else { return }
            tickets += 1
            queued[name] = tickets
            waiting.append((name, tickets))
        case .claimedElsewhere(let holder, let staleAt):
            if entry.reportedClaim != document.updateTime {
                entry.reportedClaim = document.updateTime
                emit(.skipped(.claimedElsewhere(by: holder, staleAt: staleAt)), name, document.updateTime)
            }
            // A little past the estimate, so that the clock has reached it when the timer fires.
            let delay = clock.delay(until: staleAt, from: .now) + .milliseconds(20)
            let version = document.updateTime
            entry.recheck = Task {
                guard (try? await Task.sleep(for: delay)) != nil else { return }
                recheck(name, version: version)
            }
            entries[name] = entry
        }
    }

    private func decision(_ document: Document, _ entry: Entry) -> Decision {
        if entry.ownWrites.contains(document.updateTime) || entry.started == document.updateTime { return .ignore }
        let claimFields = settings.claim?.fields ?? []
        if let abandoned = entry.abandoned, abandoned == document.fields.removing(claimFields) { return .ignore }
        guard let claim = settings.claim, case .string(let holder)? = document.fields.value(at: claim.claimedByField),
            holder != claim.workerID, case .timestamp(let claimedAt)? = document.fields.value(at: claim.claimedAtField)
        else {
            // Unclaimed, claimed by this worker in an earlier run (taken up again), or a claim without a time.
            return .take
        }
        let staleAt = claimedAt.adding(claim.timeout)
        if let now = clock.serverTime(at: .now), now >= staleAt { return .take }
        return .claimedElsewhere(by: holder, staleAt: staleAt)
    }

    private func recheck(_ name: String, version: Timestamp) {
        guard running[name] == nil, entries[name]?.latest?.updateTime == version else { return }
        entries[name]?.recheck = nil
        consider(name)
        startWaiting()
    }

    private func startWaiting() {
        while !stopping, running.count < settings.concurrency, head < waiting.count {
            let (name, ticket) = waiting[head]
            head += 1
            guard queued[name] == ticket else { continue }
            queued[name] = nil
            guard running[name] == nil, let entry = entries[name], let document = entry.latest,
                case .take = decision(document, entry)
            else { continue }
            entries[name]?.started = document.updateTime
            running[name] = Task { await process(document) }
        }
        if head > 256, head * 2 > waiting.count {
            waiting.removeFirst(head)
            head = 0
        }
    }

    /// The end of a document's run: it is looked at again (a newer version may have come meanwhile).
    func finish(_ name: String) {
        running[name] = nil
        if entries[name]?.latest == nil { entries[name] = nil } else { consider(name) }
        startWaiting()
    }

    func recordWrite(_ name: String, updateTime: Timestamp, commitTime: Timestamp) {
        entries[name]?.ownWrites.insert(updateTime)
        clock.observe(commitTime, at: .now)
    }

    func abandon(_ name: String, fields: [String: FirestoreValue]) {
        entries[name]?.abandoned = fields
    }

    func isLatest(_ name: String, _ version: Timestamp) -> Bool {
        entries[name]?.latest?.updateTime == version
    }

    /// Waits `delay`, or less when the worker stops.
    func pause(_ delay: Duration) async {
        guard !stopping else { return }
        tickets += 1
        let id = tickets
        let pause = Task { _ = try? await Task.sleep(for: delay) }
        pauses[id] = pause
        await pause.value
        pauses[id] = nil
    }

    func emit(_ kind: WorkEvent.Kind, _ name: String, _ updateTime: Timestamp?) {
        summary.count(kind)
        onEvent(WorkEvent(kind: kind, document: reference(name), updateTime: updateTime))
    }

    nonisolated func reference(_ name: String) -> DocumentReference {
        DocumentReference(
            firestore: query.firestore, path: String(name.dropFirst(query.firestore.documentsRoot.count + 1)))
    }
}
