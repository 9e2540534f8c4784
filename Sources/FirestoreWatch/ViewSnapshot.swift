/// A consistent view of one target's results at a read time, with what changed since the previous one.
public struct ViewSnapshot: Hashable, Sendable {
    public var targetID: Int32
    /// True for the first snapshot of a target that had no restored state.
    public var initial: Bool
    /// The read time of the global NO_CHANGE at which the view is consistent.
    public var readTime: Timestamp
    /// Every document of the result, in query order.
    public var documents: [Document]
    /// Removed, then added, then modified, each group in query order, with sequential indices.
    public var changes: [DocumentViewChange]

    public init(
        targetID: Int32,
        initial: Bool,
        readTime: Timestamp,
        documents: [Document],
        changes: [DocumentViewChange]
    ) {
        self.targetID = targetID
        self.initial = initial
        self.readTime = readTime
        self.documents = documents
        self.changes = changes
    }
}
