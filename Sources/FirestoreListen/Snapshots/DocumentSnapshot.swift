import FirestoreWatch

/// A document as read at one moment, or the news that it does not exist; as in Firebase's Apple SDK.
public struct DocumentSnapshot: Sendable {
    public let reference: DocumentReference
    /// The document, or nil when it does not exist.
    package let document: Document?
    public let metadata: SnapshotMetadata

    package init(reference: DocumentReference, document: Document?, metadata: SnapshotMetadata) {
        self.reference = reference
        self.document = document
        self.metadata = metadata
    }

    public var documentID: String { reference.documentID }
    public var exists: Bool { document != nil }
    /// When the document was last changed; nil when it does not exist.
    public var updateTime: Timestamp? { document?.updateTime }
    /// When the document was created; nil when it does not exist.
    public var createTime: Timestamp? { document?.createTime }
}

/// A document of a query's result: it always exists; as in Firebase's Apple SDK.
public struct QueryDocumentSnapshot: Sendable {
    public let reference: DocumentReference
    package let document: Document
    public let metadata: SnapshotMetadata

    package init(reference: DocumentReference, document: Document, metadata: SnapshotMetadata) {
        self.reference = reference
        self.document = document
        self.metadata = metadata
    }

    public var documentID: String { reference.documentID }
    public var exists: Bool { true }
    public var updateTime: Timestamp { document.updateTime }
    public var createTime: Timestamp { document.createTime }
}
