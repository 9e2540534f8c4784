import FirestoreListen
import FirestoreWatch

/// Runs `work`: a `QueueWorker` over the query of the options, whose body is the command; prints each event
/// and, on a clean stop (SIGINT, SIGTERM: the task is cancelled), the summary.
struct WorkRunner {
    let options: WorkCommandOptions
    let settings: FirestoreSettings

    /// Returns after a clean stop. Throws `FirestoreErrorCode` when the listener fails.
    func run() async throws {
        _ = try FirestoreConnection.forCommandLine(settings: settings)
        let db: Firestore
        do {
            db = try Firestore(settings: settings)
        } catch {
            throw UsageError(error.message)
        }
        var query: FirestoreListen.Query = db.collection(options.collectionPath)
        for filter in options.filters {
            query = query.whereFilter(Filter(.field(.success(filter.field), filter.op, .success(filter.value))))
        }
        for order in options.orders { query = query.order(by: order.field, descending: order.descending) }
        let worker = try QueueWorker(query: query, options: Self.workOptions(options))
        let command = WorkCommand(command: options.exec, documentsRoot: settings.documentsRoot + "/")
        let json = options.json
        let summary = try await worker.run { event in
            LineWriter.standardOutput.write(json ? event.json.serialized : event.text)
            if case .failed(let attempts, let error) = event.kind {
                LineWriter.standardError.write(
                    "firestore-listen: error: \(event.document.path): gave up after \(attempts) attempts: \(error)")
            }
        } _: { document in
            try await command.run(for: document)
        }
        LineWriter.standardOutput.write(json ? summary.json.serialized : summary.text)
    }

    /// The library's options for the command line's.
    static func workOptions(_ options: WorkCommandOptions) -> WorkOptions {
        var work = WorkOptions()
        var confirm: [AnyHashable: Any] = [:]
        for (field, value) in options.fields { confirm[field] = value }
        for field in options.serverTimeFields { confirm[field] = FieldValue.serverTimestamp() }
        work.confirmData = confirm
        var failure: [AnyHashable: Any] = [:]
        for (field, value) in options.failureFields { failure[field] = value }
        work.failureData = failure
        work.claim = options.workerID.map { id in
            WorkClaim(
                workerID: id, timeout: options.claimTimeout, claimedByField: options.claimedByField,
                claimedAtField: options.claimedAtField)
        }
        work.maxAttempts = options.maxAttempts
        work.concurrency = options.concurrency
        work.attemptTimeout = options.execTimeout
        work.stateStore = options.statePath.map { ListenStateStore(path: $0, reset: options.resetState) }
        return work
    }
}
