import FirestoreListen
import FirestoreWatch

/// Runs `watch`: builds the target, listens, prints events, and decides when to stop.
struct WatchRunner {
    let options: WatchOptions
    let settings: FirestoreSettings

    /// Returns when a stop condition is met (`--once`, `--max-events`, the reader went away) or the task is
    /// cancelled (Ctrl-C). Throws `FirestoreErrorCode` for a failure that ends the listener.
    func run() async throws {
        let connection = try FirestoreConnection.forCommandLine(settings: settings)
        let target = ListenTarget(id: 1, spec: Self.spec(for: options, settings: settings))
        var configuration = ListenSession.Configuration()
        configuration.maxRetryTime = options.maxRetryTime
        configuration.reportsMessages = options.raw
        var store: StateFile?
        var restored = WatchState()
        if let path = options.statePath {
            let file = try StateFile(path: path, target: target, reset: options.resetState, resetHint: "--reset-state")
            if let persisted = try file.load() { _ = restored.restore(persisted) }
            store = file
        }
        let session = ListenSession(
            transport: connection,
            targets: [target],
            databaseName: settings.databaseName,
            restoring: restored,
            configuration: configuration
        )
        let exec = options.exec.map { ExecHook(command: $0, documentsRoot: settings.documentsRoot + "/") }
        var printedSnapshots = 0
        for try await event in session.events() {
            if case .reconnecting(let attempt, let delay, let status) = event {
                LineWriter.standardError.write(Self.reconnectingLine(attempt: attempt, delay: delay, status: status))
            }
            if options.raw {
                if case .message(let change) = event, !LineWriter.standardOutput.write(change.rawJSON.serialized) {
                    return
                }
                continue
            }
            guard case .snapshot(let snapshot, let resume) = event else {
                if options.json, let line = event.json(includeDocs: options.includeDocs),
                    !LineWriter.standardOutput.write(line.serialized)
                {
                    return
                }
                continue
            }
            // Printed first, then saved: a crash in between reports the change again, never loses it.
            let shown = !(options.skipInitial && snapshot.initial)
            if shown {
                let line = options.json ? snapshot.json(includeDocs: options.includeDocs).serialized : snapshot.text
                guard LineWriter.standardOutput.write(line) else { return }
            }
            // Hooks run before the save for the same reason: a crash runs them again, never skips them.
            if shown, let exec { for change in snapshot.changes { await exec.run(for: change) } }
            try store?.save(snapshot, resume: resume)
            guard shown else { continue }
            printedSnapshots += 1
            if options.once { return }
            if let maximum = options.maxEvents, printedSnapshots >= maximum { return }
        }
    }

    /// The standard error line of a broken stream.
    static func reconnectingLine(attempt: Int, delay: Duration, status: FirestoreErrorCode) -> String {
        "firestore-listen: stream broken (\(status.code.name): \(status.message)); "
            + "reconnecting in \(delay.brief) (attempt \(attempt))"
    }

    /// The target of the options: a query over a collection or collection group, or a document.
    static func spec(for options: WatchOptions, settings: FirestoreSettings) -> TargetSpec {
        switch options.source {
        case .document(let path):
            return .documents([settings.documentsRoot + "/" + path])
        case .collection(let path):
            var segments = path.split(separator: "/").map(String.init)
            let collectionID = segments.removeLast()
            let parent = ([settings.documentsRoot] + segments).joined(separator: "/")
            return .query(query(options, parent: parent, collectionID: collectionID, allDescendants: false))
        case .collectionGroup(let id):
            return .query(query(options, parent: settings.documentsRoot, collectionID: id, allDescendants: true))
        }
    }

    private static func query(_ options: WatchOptions, parent: String, collectionID: String, allDescendants: Bool)
        -> FirestoreWatch.Query
    {
        FirestoreWatch.Query(
            parent: parent,
            collectionID: collectionID,
            allDescendants: allDescendants,
            filters: options.filters,
            orders: options.orders,
            limit: options.limit
        )
    }
}
