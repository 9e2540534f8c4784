import FirestoreWatch

extension Query {
    /// The query's documents as they are now on the server (RunQuery), in query order; a `limit(toLast:)`
    /// query's last documents, still in query order.
    ///
    /// Every document is in `documentChanges` as `.added`, at its index, with `oldIndex`
    /// `DocumentChange.notFound`; the metadata is initial; `readTime` is the server's time of the read.
    ///
    /// ```swift
    /// let pending = try await db.collection("queue").whereField("status", isEqualTo: "pending").getDocuments()
    /// for document in pending.documents { print(document.documentID) }
    /// ```
    /// - Throws: `FirestoreErrorCode`: `.invalidArgument` for an invalid query (see the builders); the
    ///   server's status otherwise (`.failedPrecondition` when production lacks an index).
    public func getDocuments() async throws(FirestoreErrorCode) -> QuerySnapshot {
        let (spec, reversed) = try makeTarget()
        guard case .query(let query) = spec else { preconditionFailure("a query's target is a query") }
        let (documents, readTime) = try await firestore.connection.runQueryWithReadTime(query)
        let metadata = SnapshotMetadata(isInitial: true, isResumed: false)
        let prefix = firestore.documentsRoot + "/"
        let snapshots = (reversed ? documents.reversed() : documents).map { document in
            QueryDocumentSnapshot(
                reference: DocumentReference(firestore: firestore, path: String(document.name.dropFirst(prefix.count))),
                document: document,
                metadata: metadata
            )
        }
        return QuerySnapshot(
            query: self,
            documents: snapshots,
            documentChanges: snapshots.enumerated().map { index, document in
                DocumentChange(
                    type: .added, document: document, oldIndex: DocumentChange.notFound, newIndex: UInt(index))
            },
            metadata: metadata,
            readTime: readTime
        )
    }
}
