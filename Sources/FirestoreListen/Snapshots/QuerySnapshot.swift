/// A query's result at one consistent point, with what changed since the listener's previous snapshot; as
/// in Firebase's Apple SDK.
public struct QuerySnapshot: Sendable {
    /// The query whose result this is.
    public let query: Query
    /// Every document of the result, in query order.
    public let documents: [QueryDocumentSnapshot]
    /// Removed, then added, then modified; see `DocumentChange` for the indices.
    public let documentChanges: [DocumentChange]
    /// Whether the snapshot is a listener's first, and whether it came from a resume.
    public let metadata: SnapshotMetadata
    /// The server time at which the result is consistent.
    public let readTime: Timestamp

    package init(
        query: Query,
        documents: [QueryDocumentSnapshot],
        documentChanges: [DocumentChange],
        metadata: SnapshotMetadata,
        readTime: Timestamp
    ) {
        self.query = query
        self.documents = documents
        self.documentChanges = documentChanges
        self.metadata = metadata
        self.readTime = readTime
    }

    /// The number of documents in the result.
    public var count: Int { documents.count }
    /// Whether the result holds no document.
    public var isEmpty: Bool { documents.isEmpty }
}

/// How a document changed between two snapshots.
public enum DocumentChangeType: Hashable, Sendable {
    case added
    case modified
    case removed
}

/// One change of a query's result; as in Firebase's Apple SDK.
///
/// Applied one by one in order, `oldIndex` is the document's position before its change and `newIndex`
/// after; `UInt(NSNotFound)` where there is none (old for `added`, new for `removed`), as Firebase gives it.
public struct DocumentChange: Sendable {
    /// Added, modified or removed.
    public let type: DocumentChangeType
    /// The new version; for `.removed`, the last version seen.
    public let document: QueryDocumentSnapshot
    /// The position before the change; `UInt(NSNotFound)` for `.added`.
    public let oldIndex: UInt
    /// The position after the change; `UInt(NSNotFound)` for `.removed`.
    public let newIndex: UInt

    package init(type: DocumentChangeType, document: QueryDocumentSnapshot, oldIndex: UInt, newIndex: UInt) {
        self.type = type
        self.document = document
        self.oldIndex = oldIndex
        self.newIndex = newIndex
    }

    /// The index Firebase gives where there is none.
    package static let notFound = UInt(Int.max)
}
