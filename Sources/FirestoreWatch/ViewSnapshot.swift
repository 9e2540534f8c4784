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

/// One change of a view, as Google's conformance tests define it.
///
/// The changes of a snapshot are applied one by one, in order: `oldIndex` is the document's position just
/// before this change is applied and `newIndex` just after, -1 where there is none (old for `added`, new for
/// `removed`). A modification counts as a removal followed by an insertion.
public struct DocumentViewChange: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable {
        case added
        case removed
        case modified
    }

    public var kind: Kind
    /// The new version; for `removed`, the last version that was seen.
    public var document: Document
    public var oldIndex: Int
    public var newIndex: Int

    public init(kind: Kind, document: Document, oldIndex: Int, newIndex: Int) {
        self.kind = kind
        self.document = document
        self.oldIndex = oldIndex
        self.newIndex = newIndex
    }
}
