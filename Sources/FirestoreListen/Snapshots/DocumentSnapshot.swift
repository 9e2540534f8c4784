import FirestoreWatch

/// A document as read at one moment, or the news that it does not exist; as in Firebase's Apple SDK.
public struct DocumentSnapshot: Sendable {
    /// Where the document is.
    public let reference: DocumentReference
    /// The document, or nil when it does not exist.
    package let document: Document?
    /// Whether the snapshot is a listener's first, and whether it came from a resume.
    public let metadata: SnapshotMetadata

    package init(reference: DocumentReference, document: Document?, metadata: SnapshotMetadata) {
        self.reference = reference
        self.document = document
        self.metadata = metadata
    }

    /// The last segment of the document's path.
    public var documentID: String { reference.documentID }
    /// Whether the document exists.
    public var exists: Bool { document != nil }
    /// When the document was last changed; nil when it does not exist.
    public var updateTime: Timestamp? { document?.updateTime }
    /// When the document was created; nil when it does not exist.
    public var createTime: Timestamp? { document?.createTime }
}

/// A document of a query's result: it always exists; as in Firebase's Apple SDK.
public struct QueryDocumentSnapshot: Sendable {
    /// Where the document is.
    public let reference: DocumentReference
    package let document: Document
    /// Whether the snapshot is a listener's first, and whether it came from a resume.
    public let metadata: SnapshotMetadata

    package init(reference: DocumentReference, document: Document, metadata: SnapshotMetadata) {
        self.reference = reference
        self.document = document
        self.metadata = metadata
    }

    /// The last segment of the document's path.
    public var documentID: String { reference.documentID }
    /// Always true: a document of a result exists.
    public var exists: Bool { true }
    /// When the document was last changed.
    public var updateTime: Timestamp { document.updateTime }
    /// When the document was created.
    public var createTime: Timestamp { document.createTime }
}
