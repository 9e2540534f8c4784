import FirestoreWatch

/// How a `QueueWorker` processes the documents of its query: the confirm write, an optional claim, retries,
/// the write after the last failed attempt, how many documents at once, and where the listener keeps its
/// resume token.
///
/// Data is given as `updateData(_:precondition:)` takes it (keys dotted `String`s or `FieldPath`s, values
/// as `FirestoreValue(any:)` converts them, `FieldValue.serverTimestamp()` and `FieldValue.delete()` as
/// sentinels). The worker parses it once, when it is made, so the options need not be `Sendable`.
///
/// ```swift
/// var options = WorkOptions()
/// options.confirmData = ["status": "completed", "completedAt": FieldValue.serverTimestamp()]
/// options.claim = WorkClaim(workerID: "printer-1", timeout: .seconds(120))
/// options.failureData = ["status": "failed"]
/// ```
public struct WorkOptions {
    /// The fields the confirm sets once the body returned (default `status = "completed"`). The confirm also
    /// removes the claim fields.
    public var confirmData: [AnyHashable: Any] = ["status": "completed"]
    /// Claim each document before processing it, so that several workers can share one query; nil: this
    /// worker is the only one.
    public var claim: WorkClaim?
    /// How many times the body runs for one version of a document before the worker gives up (default 3).
    public var maxAttempts = 3
    /// The wait before the second attempt; each later wait doubles, up to 60 s (default 1 s).
    public var retryDelay: Duration = .seconds(1)
    /// The fields written after the last failed attempt. Empty (the default): the claim is released and the
    /// document left as it is; without a claim, nothing is written.
    public var failureData: [AnyHashable: Any] = [:]
    /// How many bodies run at once (default 1); one document never runs twice at once.
    public var concurrency = 1
    /// An attempt that has not returned after this long is cancelled and counts as failed; nil: no limit.
    public var attemptTimeout: Duration?
    /// Where the listener keeps its resume token; nil: it starts afresh each time.
    public var stateStore: ListenStateStore?

    /// The defaults: confirm with `status = "completed"`, no claim, 3 attempts, one at a time.
    public init() {}
}

/// The claim a worker writes before processing a document: `claimedBy` (its id) and `claimedAt` (the
/// server's time), in one Commit guarded by the version it saw. A claim older than `timeout` by the
/// server's clock is stale, and another worker may take the document over.
public struct WorkClaim: Hashable, Sendable {
    /// Who claims: unique among the workers of one query.
    public var workerID: String
    /// The field holding the worker id (default `claimedBy`).
    public var claimedByField: FieldPath
    /// The field holding the server time of the claim (default `claimedAt`).
    public var claimedAtField: FieldPath
    /// How long a claim holds (default 5 minutes); longer than any body should take.
    public var timeout: Duration

    /// A claim by `workerID` that holds for `timeout`, in the fields `claimedBy` and `claimedAt`.
    public init(
        workerID: String,
        timeout: Duration = .seconds(300),
        claimedByField: FieldPath = FieldPath(["claimedBy"]),
        claimedAtField: FieldPath = FieldPath(["claimedAt"])
    ) {
        self.workerID = workerID
        self.timeout = timeout
        self.claimedByField = claimedByField
        self.claimedAtField = claimedAtField
    }

    /// Both claim fields, which the confirm and a release remove.
    var fields: [FieldPath] { [claimedByField, claimedAtField] }
}

/// `WorkOptions` parsed and checked: what a running worker reads.
struct WorkSettings: Sendable {
    let confirm: FieldChanges
    let failure: FieldChanges
    let release: FieldChanges
    let claim: WorkClaim?
    let maxAttempts: Int
    let retryDelay: Duration
    let concurrency: Int
    let attemptTimeout: Duration?
    let stateStore: ListenStateStore?

    /// - Throws: `FirestoreErrorCode` `.invalidArgument` for data that cannot be written, fewer than one
    ///   attempt or body at a time, an empty worker id, a claim field named twice or also set by the data.
    init(_ options: WorkOptions, documentsRoot: String) throws(FirestoreErrorCode) {
        func invalid(_ message: String) -> FirestoreErrorCode { FirestoreErrorCode(.invalidArgument, message: message) }
        guard options.maxAttempts >= 1 else { throw invalid("maxAttempts must be at least 1") }
        guard options.concurrency >= 1 else { throw invalid("concurrency must be at least 1") }
        guard options.retryDelay >= .zero else { throw invalid("retryDelay must not be negative") }
        if let timeout = options.attemptTimeout, timeout <= .zero {
            throw invalid("attemptTimeout must be positive")
        }
        let claimFields = options.claim?.fields ?? []
        if let claim = options.claim {
            guard !claim.workerID.isEmpty else { throw invalid("the claim's workerID is empty") }
            guard claim.timeout > .zero else { throw invalid("the claim's timeout must be positive") }
            guard !claim.claimedByField.overlaps(claim.claimedAtField) else {
                throw invalid(
                    "the claim fields \(claim.claimedByField.canonical) and "
                        + "\(claim.claimedAtField.canonical) overlap")
            }
        }
        confirm = try FieldChanges(options.confirmData, documentsRoot: documentsRoot, removing: claimFields)
        failure = try FieldChanges(options.failureData, documentsRoot: documentsRoot, removing: claimFields)
        release = try FieldChanges([:], documentsRoot: documentsRoot, removing: claimFields)
        claim = options.claim
        maxAttempts = options.maxAttempts
        retryDelay = options.retryDelay
        concurrency = options.concurrency
        attemptTimeout = options.attemptTimeout
        stateStore = options.stateStore
    }

    /// The wait before attempt `attempt + 1`: `retryDelay` doubled for each attempt after the first, at
    /// most 60 s.
    func delay(after attempt: Int) -> Duration {
        var delay = retryDelay
        for _ in 1..<max(1, attempt) where delay < .seconds(60) { delay *= 2 }
        return min(delay, .seconds(60))
    }
}

extension FieldPath {
    /// Whether one path is the other or inside it (`a` and `a.b`).
    func overlaps(_ other: FieldPath) -> Bool {
        let shorter = min(segments.count, other.segments.count)
        return Array(segments.prefix(shorter)) == Array(other.segments.prefix(shorter))
    }
}
