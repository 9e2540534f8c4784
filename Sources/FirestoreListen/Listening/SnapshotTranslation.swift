import FirestoreWatch

/// Turns the engine's views into the public snapshots of one listener: references of the listener's client,
/// `limit(toLast:)` results back in the query's own order, and Firebase's `NSNotFound` where an index is none.
struct SnapshotTranslation: Sendable {
    let firestore: Firestore
    /// The target was sent with its orders flipped (`limit(toLast:)`): results are reversed.
    let reversed: Bool

    func reference(_ document: Document) -> DocumentReference {
        firestore.reference(resourceName: document.name)
    }

    func querySnapshot(_ view: ViewSnapshot, of query: Query, resumed: Bool) -> QuerySnapshot {
        let metadata = SnapshotMetadata(isInitial: view.initial, isResumed: resumed)
        func snapshot(_ document: Document) -> QueryDocumentSnapshot {
            QueryDocumentSnapshot(reference: reference(document), document: document, metadata: metadata)
        }
        let documents = reversed ? Array(view.documents.reversed()) : view.documents
        var changes: [DocumentChange] = []
        // The view's size before each change is applied, to mirror indices in a reversed result.
        var size = view.documents.count
        for change in view.changes {
            switch change.kind {
            case .added: size -= 1
            case .removed: size += 1
            case .modified: break
            }
        }
        for change in view.changes {
            var (old, new) = (change.oldIndex, change.newIndex)
            let type: DocumentChangeType
            switch change.kind {
            case .added:
                type = .added
                size += 1
                if reversed { new = size - 1 - new }
            case .removed:
                type = .removed
                if reversed { old = size - 1 - old }
                size -= 1
            case .modified:
                type = .modified
                if reversed { (old, new) = (size - 1 - old, size - 1 - new) }
            }
            changes.append(
                DocumentChange(
                    type: type,
                    document: snapshot(change.document),
                    oldIndex: old < 0 ? DocumentChange.notFound : UInt(old),
                    newIndex: new < 0 ? DocumentChange.notFound : UInt(new)
                )
            )
        }
        return QuerySnapshot(
            query: query,
            documents: documents.map(snapshot),
            documentChanges: changes,
            metadata: metadata,
            readTime: view.readTime
        )
    }

    func documentSnapshot(_ view: ViewSnapshot, of reference: DocumentReference, resumed: Bool) -> DocumentSnapshot {
        DocumentSnapshot(
            reference: reference,
            document: view.documents.first,
            metadata: SnapshotMetadata(isInitial: view.initial, isResumed: resumed)
        )
    }
}

extension Firestore {
    /// The reference of a document's full resource name (one of this database: the server sends no other).
    package func reference(resourceName: String) -> DocumentReference {
        let prefix = documentsRoot + "/"
        let path = resourceName.hasPrefix(prefix) ? String(resourceName.dropFirst(prefix.count)) : resourceName
        return document(path)
    }
}
