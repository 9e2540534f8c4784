/// One write of a `Commit`, as Firestore's `Write` message holds it: set or update a document, or delete it;
/// the field transforms the server applies after an update; and the precondition of either.
///
/// ```swift
/// let write = DocumentWrite(
///     name: "projects/p/databases/(default)/documents/queue/t1",
///     operation: .update(fields: ["status": .string("completed")], mask: [FieldPath(["status"])]),
///     transforms: [FieldTransform(field: FieldPath(["confirmedAt"]), kind: .serverRequestTime)],
///     precondition: .updateTime(seen)
/// )
/// ```
public struct DocumentWrite: Hashable, Sendable {
    /// What the write does to the document.
    public enum Operation: Hashable, Sendable {
        /// Writes `fields` (nested maps, as a document holds them). With no mask the document is replaced
        /// by `fields`; with a mask only the masked paths are written, and a masked path missing from
        /// `fields` is deleted. An empty mask writes no field (transforms only).
        case update(fields: [String: FirestoreValue], mask: [FieldPath]?)
        /// Deletes the document; a missing document is no error without a precondition.
        case delete
    }

    /// What must hold of the stored document for the write to happen; checked by the server.
    public enum Precondition: Hashable, Sendable {
        /// The document must exist (`true`: NOT_FOUND otherwise) or not exist (`false`: ALREADY_EXISTS).
        case exists(Bool)
        /// The document must still have this update time (FAILED_PRECONDITION otherwise).
        case updateTime(Timestamp)
    }

    /// The full resource name: `projects/P/databases/D/documents/c/d`.
    public var name: String
    public var operation: Operation
    /// Applied in order after the update, to fields the mask does not name. Only with `.update`.
    public var transforms: [FieldTransform]
    public var precondition: Precondition?

    public init(
        name: String,
        operation: Operation,
        transforms: [FieldTransform] = [],
        precondition: Precondition? = nil
    ) {
        self.name = name
        self.operation = operation
        self.transforms = transforms
        self.precondition = precondition
    }
}

/// A value the server computes for one field when it applies a write (Firestore's
/// `DocumentTransform.FieldTransform`).
public struct FieldTransform: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// The time at which the server processes the request.
        case serverRequestTime
        /// Adds an integer or double to the field's number; a field holding no number becomes the value.
        case increment(FirestoreValue)
        /// Appends each element the field's array does not hold yet; a field holding no array becomes
        /// an array of the elements (Firebase's `arrayUnion`).
        case appendMissingElements([FirestoreValue])
        /// Removes every occurrence of each element from the field's array; a field holding no array
        /// becomes empty (Firebase's `arrayRemove`).
        case removeAllFromArray([FirestoreValue])
    }

    public var field: FieldPath
    public var kind: Kind

    public init(field: FieldPath, kind: Kind) {
        self.field = field
        self.kind = kind
    }
}

/// What a successful `Commit` returned: its time, and for each write, in order, the document's update
/// time after it (nil after a delete).
public struct CommitResponse: Hashable, Sendable {
    public var commitTime: Timestamp?
    public var updateTimes: [Timestamp?]

    public init(commitTime: Timestamp?, updateTimes: [Timestamp?]) {
        self.commitTime = commitTime
        self.updateTimes = updateTimes
    }
}
