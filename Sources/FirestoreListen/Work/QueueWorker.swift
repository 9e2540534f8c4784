import FirestoreWatch
import Synchronization

/// Processes every document of a query once per version, and confirms it with a guarded write: a queue
/// with Firestore itself as the coordinator, shared by any number of workers on any number of machines.
///
/// A run listens to the query on the client's Listen stream and takes every document of its result: those
/// waiting at start in query order, then changes in the order they arrive. For each it
/// 1. claims it, with `WorkOptions.claim`: one Commit setting `claimedBy` and `claimedAt` (server time),
///    guarded by the update time seen. A worker whose claim loses skips the document; a claim another worker
///    made is left alone until it is stale by the server's clock (the worker looks again then, even if the
///    document never changes), and then taken over with a guarded write again;
/// 2. runs the body, retried with backoff up to `maxAttempts` times;
/// 3. confirms it: one Commit of `confirmData` that removes the claim fields, guarded by the update time
///    processed (the claim's own). A document changed meanwhile is not confirmed; its new version is
///    processed if it still matches the query. After the last failed attempt, `failureData` is written
///    the same way (or the claim released).
///
/// One document never runs twice at once; at most `concurrency` run together. The listener's echo of the
/// worker's own writes is ignored, and so is a version that differs from one given up on only in its claim
/// fields. The query should leave out the documents the confirm marks done (`status == "pending"`, with the
/// default confirm), or they are taken again when someone else changes them.
///
/// ```swift
/// let worker = try QueueWorker(query: db.collection("orders").whereField("status", isEqualTo: "pending"))
/// let summary = try await worker.run { document in
///     try await printReceipt(document.data())
/// }
/// ```
///
/// Safe to use from any task; one run at a time.
public final class QueueWorker: Sendable {
    /// The documents to process.
    public let query: Query
    let settings: WorkSettings
    private let current = Mutex<(stopped: Bool, queue: WorkQueue?)>((false, nil))

    /// A worker over `query` with `options`.
    /// - Throws: `FirestoreErrorCode` `.invalidArgument` for options that cannot work: data that cannot be
    ///   written or that sets a claim field, fewer than one attempt or body at a time, an empty worker id.
    public init(query: Query, options: WorkOptions = WorkOptions()) throws(FirestoreErrorCode) {
        self.query = query
        self.settings = try WorkSettings(options, documentsRoot: query.firestore.documentsRoot)
    }

    /// Processes documents with `body` until `stop()` is called or the calling task is cancelled (both a
    /// clean stop: no document is taken after it, and the bodies running then finish, are not cancelled,
    /// and are confirmed), then returns what it did. `onEvent` is called for each event, one at a time.
    ///
    /// A body that throws is a failed attempt; one that runs past `attemptTimeout` is cancelled and its
    /// attempt fails with `WorkAttemptTimeout`.
    /// - Throws: `FirestoreErrorCode` when the listener fails (the running bodies finish first).
    @discardableResult
    public func run(
        onEvent: @escaping @Sendable (WorkEvent) -> Void = { _ in },
        _ body: @escaping @Sendable (QueryDocumentSnapshot) async throws -> Void
    ) async throws(FirestoreErrorCode) -> WorkSummary {
        let queue = WorkQueue(query: query, settings: settings, body: body, onEvent: onEvent)
        let stopped = current.withLock { current in
            current.queue = queue
            return current.stopped
        }
        if stopped { queue.stop() }
        let result = await withTaskCancellationHandler {
            await queue.run()
        } onCancel: {
            queue.stop()
        }
        current.withLock { $0.queue = nil }
        return try result.get()
    }

    /// Stops the run: no document is taken after this call; the running bodies finish and are confirmed,
    /// then `run` returns. Safe to call from any thread, before or during a run, and more than once.
    public func stop() {
        let queue = current.withLock { current in
            current.stopped = true
            return current.queue
        }
        queue?.stop()
    }
}

extension Query {
    /// Processes every document of this query with `body`, as a `QueueWorker` with `options` does, until the
    /// calling task is cancelled (a clean stop: the running bodies finish and are confirmed).
    ///
    /// ```swift
    /// let pending = db.collection("orders").whereField("status", isEqualTo: "pending")
    /// try await pending.process { order in try await ring(order.data()) }
    /// ```
    /// - Throws: `FirestoreErrorCode`: `.invalidArgument` for invalid options; the listener's failure.
    @discardableResult
    public func process(
        options: WorkOptions = WorkOptions(),
        onEvent: @escaping @Sendable (WorkEvent) -> Void = { _ in },
        _ body: @escaping @Sendable (QueryDocumentSnapshot) async throws -> Void
    ) async throws(FirestoreErrorCode) -> WorkSummary {
        try await QueueWorker(query: self, options: options).run(onEvent: onEvent, body)
    }
}
