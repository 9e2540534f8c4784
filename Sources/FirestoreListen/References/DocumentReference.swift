/// A document's place in the database, which may or may not hold a document; as in Firebase's Apple SDK.
///
/// Immutable; safe to share between tasks.
public final class DocumentReference: Hashable, Sendable, CustomStringConvertible {
    /// The client of the document's database.
    public let firestore: Firestore
    /// The path relative to the database root: `queue/t1`.
    public let path: String

    init(firestore: Firestore, path: String) {
        self.firestore = firestore
        self.path = path
    }

    /// The last segment of the path.
    public var documentID: String { path.split(separator: "/").last.map(String.init) ?? "" }

    /// The collection that holds the document.
    public var parent: CollectionReference {
        CollectionReference(firestore: firestore, path: path.split(separator: "/").dropLast().joined(separator: "/"))
    }

    /// The subcollection `collectionPath` of this document.
    public func collection(_ collectionPath: String) -> CollectionReference {
        CollectionReference(firestore: firestore, path: path + "/" + collectionPath)
    }

    /// The full resource name: `projects/P/databases/D/documents/queue/t1`.
    package var resourceName: String { firestore.documentsRoot + "/" + path }

    /// The same path of the same client.
    public static func == (lhs: DocumentReference, rhs: DocumentReference) -> Bool {
        lhs.firestore === rhs.firestore && lhs.path == rhs.path
    }

    /// Hashes the client's identity and the path.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(firestore))
        hasher.combine(path)
    }

    /// `DocumentReference(queue/t1)`.
    public var description: String { "DocumentReference(\(path))" }
}
