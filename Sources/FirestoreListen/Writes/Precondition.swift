/// What must hold of a stored document for a write to happen; the server checks it atomically with the
/// write.
///
/// ```swift
/// let seen = snapshot.updateTime!
/// try await ticket.updateData(["status": "completed"], precondition: .updateTime(seen))
/// ```
public enum Precondition: Hashable, Sendable {
    /// The document must exist: `FirestoreErrorCode` `.notFound` otherwise.
    case exists
    /// The document must exist with exactly this update time, that is unchanged since it was read:
    /// `FirestoreErrorCode` `.failedPrecondition` otherwise.
    case updateTime(Timestamp)
}

/// What a successful write returned.
public struct WriteResult: Hashable, Sendable {
    /// The document's update time after the write; nil after a delete.
    public let updateTime: Timestamp?
    /// The time of the commit on the server.
    public let commitTime: Timestamp

    package init(updateTime: Timestamp?, commitTime: Timestamp) {
        self.updateTime = updateTime
        self.commitTime = commitTime
    }
}
