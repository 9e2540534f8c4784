import FirestoreWatch

extension DocumentReference {
    /// The document as it is now on the server (GetDocument), or a snapshot saying that it does not exist.
    ///
    /// ```swift
    /// let snapshot = try await db.document("queue/t1").getDocument()
    /// if snapshot.exists { print(snapshot.updateTime!) }
    /// ```
    /// - Throws: `FirestoreErrorCode`: `.invalidArgument` for a path that is not a document's; the server's
    ///   status otherwise.
    public func getDocument() async throws(FirestoreErrorCode) -> DocumentSnapshot {
        try validatePath()
        let document = try await firestore.connection.getDocument(name: resourceName)
        return DocumentSnapshot(
            reference: self, document: document, metadata: SnapshotMetadata(isInitial: true, isResumed: false))
    }
}
