import FirestoreWatch

/// What a `QueueWorker` did with one document, reported as it happens.
public struct WorkEvent: Sendable {
    /// What happened.
    public enum Kind: Sendable {
        /// This worker claimed the version seen; `takenOverFrom` names the worker whose stale claim it
        /// replaced. The event's `updateTime` is the claim's own.
        case claimed(takenOverFrom: String?)
        /// The body ran (`attempt` counts from 1) for `duration`, and returned (`error` nil) or threw.
        case processed(attempt: Int, duration: Duration, error: (any Error)?)
        /// The confirm was written; `updateTime` is the document's new update time.
        case confirmed(commitTime: Timestamp)
        /// The document was not processed, or its processing was not confirmed.
        case skipped(WorkSkipReason)
        /// The body failed `attempts` times (`error`: the last failure); the failure fields were written
        /// (or, without any, the claim released). The event's `updateTime` is the version that failed.
        case failed(attempts: Int, error: any Error)
        /// A claim was given back because the worker stopped before it could retry.
        case released
        /// A write of the worker failed for a reason other than a change of the document (its outcome may
        /// be unknown); the listener brings the document again if it changes.
        case writeFailed(WorkWrite, FirestoreErrorCode)
    }

    /// What happened.
    public let kind: Kind
    /// The document.
    public let document: DocumentReference
    /// The version concerned: the one processed, claimed, skipped, or written by the confirm.
    public let updateTime: Timestamp?
}

/// Why a document was skipped.
public enum WorkSkipReason: Hashable, Sendable {
    /// Another worker holds a claim that is not stale yet: it becomes stale at `staleAt` (server time),
    /// when this worker looks again.
    case claimedElsewhere(by: String, staleAt: Timestamp)
    /// The document changed since the version seen (a guarded write failed): the listener brings the new
    /// version, which is processed if it still matches.
    case changed
    /// The document was deleted.
    case deleted
}

/// The writes a worker makes.
public enum WorkWrite: String, Hashable, Sendable {
    case claim
    case confirm
    case failure
    case release
}

/// What a worker's run did, counted.
public struct WorkSummary: Hashable, Sendable {
    /// Claims written (takeovers included).
    public var claimed = 0
    /// Attempts of the body.
    public var processed = 0
    /// Confirms written.
    public var confirmed = 0
    /// Documents given up after their last attempt.
    public var failed = 0
    /// Skips, of every reason.
    public var skipped = 0

    /// Nothing yet.
    public init() {}

    mutating func count(_ kind: WorkEvent.Kind) {
        switch kind {
        case .claimed: claimed += 1
        case .processed: processed += 1
        case .confirmed: confirmed += 1
        case .failed: failed += 1
        case .skipped: skipped += 1
        case .released, .writeFailed: break
        }
    }
}

/// The error of an attempt that was cancelled because it ran past `WorkOptions.attemptTimeout`.
public struct WorkAttemptTimeout: Error, Hashable, Sendable, CustomStringConvertible {
    /// The limit it ran past.
    public let timeout: Duration

    /// `timed out after 30s`.
    public var description: String { "timed out after \(timeout.brief)" }
}
