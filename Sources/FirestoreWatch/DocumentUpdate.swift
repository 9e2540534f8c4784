/// One update of a document, as `confirm` and the standby screen send it in a single `Commit`.
///
/// The update mask is exactly the paths in `fields`; `serverTimeFields` are set to the server's
/// request time by a transform and are kept out of the mask.
public struct DocumentUpdate: Hashable, Sendable {
    public enum Precondition: Hashable, Sendable {
        /// The document must exist (NOT_FOUND otherwise).
        case exists
        /// The document must still have this update time (FAILED_PRECONDITION otherwise).
        case updateTime(Timestamp)
    }

    /// The full resource name.
    public var name: String
    public var fields: [FieldPath: FirestoreValue]
    public var precondition: Precondition
    public var serverTimeFields: [FieldPath]

    public init(
        name: String,
        fields: [FieldPath: FirestoreValue],
        precondition: Precondition,
        serverTimeFields: [FieldPath] = []
    ) {
        self.name = name
        self.fields = fields
        self.precondition = precondition
        self.serverTimeFields = serverTimeFields
    }
}

/// What a successful `Commit` of one update returned.
public struct CommitResult: Hashable, Sendable {
    /// The document's update time after the write (the old one when nothing changed).
    public var updateTime: Timestamp?
    public var commitTime: Timestamp?

    public init(updateTime: Timestamp?, commitTime: Timestamp?) {
        self.updateTime = updateTime
        self.commitTime = commitTime
    }
}
