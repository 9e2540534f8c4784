/// A collection: a query over all its documents, and the place to make references to them.
///
/// A subclass of `Query`, as in Firebase's Apple SDK. Immutable; safe to share between tasks.
public final class CollectionReference: Query, @unchecked Sendable {
    /// The path relative to the database root: `queue`, `rooms/r1/messages`.
    public let path: String

    init(firestore: Firestore, path: String) {
        self.path = path
        super.init(firestore: firestore, source: .collection(path))
    }

    /// The last segment of the path.
    public var collectionID: String { path.split(separator: "/").last.map(String.init) ?? "" }

    /// The document that holds this collection; nil for a top-level collection.
    public var parent: DocumentReference? {
        let segments = path.split(separator: "/")
        guard segments.count > 1 else { return nil }
        return DocumentReference(firestore: firestore, path: segments.dropLast().joined(separator: "/"))
    }

    /// A reference to the document `documentPath` of this collection.
    public func document(_ documentPath: String) -> DocumentReference {
        DocumentReference(firestore: firestore, path: path + "/" + documentPath)
    }
}
