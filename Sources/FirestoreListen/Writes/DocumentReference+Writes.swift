import FirestoreWatch

/// The writes of Firebase's Apple SDK, each one `Commit` of one write, sent straight to the server (there is
/// no local cache): the call returns when the server has applied the write, or throws why it did not.
///
/// Data is converted as `FirestoreValue(any:)` describes; `FieldValue` sentinels become transforms
/// (`serverTimestamp()`, `increment`, `arrayUnion`, `arrayRemove`) or deletes (`delete()`, only in
/// `updateData` and merges), also inside maps, never inside arrays.
///
/// ```swift
/// let ticket = db.collection("queue").document("t1")
/// try await ticket.setData(["status": "pending", "createdAt": FieldValue.serverTimestamp()])
/// try await ticket.updateData(["attempts": FieldValue.increment(Int64(1)), "owner": FieldValue.delete()])
/// try await ticket.delete()
/// ```
extension DocumentReference {
    /// Replaces the document with `documentData`, creating it if needed; with `merge`, writes only the fields
    /// `documentData` holds (down to the leaves of its maps) and keeps the others.
    /// - Returns: the document's new update time and the commit time.
    /// - Throws: `FirestoreErrorCode`: `.invalidArgument` for an invalid path or value, or
    ///   `FieldValue.delete()` without `merge`; the server's status otherwise.
    @discardableResult
    public func setData(_ documentData: [String: Any], merge: Bool = false) async throws(FirestoreErrorCode)
        -> WriteResult
    {
        try await commit(try setWrite(documentData, merge: merge))
    }

    /// Writes only the fields at `mergeFields` (dotted `String`s or `FieldPath`s), taking their values from
    /// `documentData`, and keeps the others.
    /// - Throws: `FirestoreErrorCode`: `.invalidArgument` for an invalid path or value, or a merge field that
    ///   `documentData` does not hold; the server's status otherwise.
    @discardableResult
    public func setData(_ documentData: [String: Any], mergeFields: [Any]) async throws(FirestoreErrorCode)
        -> WriteResult
    {
        try await commit(try mergeFieldsWrite(documentData, mergeFields: mergeFields))
    }

    /// Updates the fields at the keys of `fields` (dotted `String`s or `FieldPath`s), each replaced whole,
    /// keeping the others. The document must exist, or, with `.updateTime(t)`, still have update time `t`.
    ///
    /// ```swift
    /// let seen = try await ticket.getDocument().updateTime!
    /// try await ticket.updateData(["status": "completed"], precondition: .updateTime(seen))
    /// ```
    /// - Throws: `FirestoreErrorCode`: `.notFound` when the document does not exist, `.failedPrecondition`
    ///   when its update time is not `t` (nothing is written then); `.invalidArgument` for an invalid path,
    ///   key or value; the server's status otherwise.
    @discardableResult
    public func updateData(
        _ fields: [AnyHashable: Any],
        precondition: Precondition = .exists
    ) async throws(FirestoreErrorCode) -> WriteResult {
        try await commit(try updateWrite(fields, precondition: precondition))
    }

    /// Deletes the document. Without a precondition, deleting a missing document succeeds, as in Firebase.
    /// - Throws: `FirestoreErrorCode`: `.notFound` or `.failedPrecondition` when `precondition` fails;
    ///   `.invalidArgument` for an invalid path; the server's status otherwise.
    @discardableResult
    public func delete(precondition: Precondition? = nil) async throws(FirestoreErrorCode) -> WriteResult {
        try validatePath()
        return try await commit(
            DocumentWrite(name: resourceName, operation: .delete, precondition: precondition.map(Self.model)))
    }

    /// `setData(_:merge:)`, calling `completion` with nil or the error once the server answered.
    public func setData(
        _ documentData: [String: Any],
        merge: Bool = false,
        completion: (@Sendable (Error?) -> Void)?
    ) {
        commitInBackground(
            Result { () throws(FirestoreErrorCode) in try setWrite(documentData, merge: merge) }, completion)
    }

    /// `updateData(_:)`, calling `completion` with nil or the error once the server answered.
    public func updateData(_ fields: [AnyHashable: Any], completion: (@Sendable (Error?) -> Void)?) {
        commitInBackground(
            Result { () throws(FirestoreErrorCode) in try updateWrite(fields, precondition: .exists) }, completion)
    }

    /// `delete()`, calling `completion` with nil or the error once the server answered.
    public func delete(completion: (@Sendable (Error?) -> Void)?) {
        commitInBackground(
            Result { () throws(FirestoreErrorCode) in
                try validatePath()
                return DocumentWrite(name: resourceName, operation: .delete)
            }, completion)
    }

    func setWrite(_ documentData: [String: Any], merge: Bool) throws(FirestoreErrorCode) -> DocumentWrite {
        try validatePath()
        let data = try WriteData(set: documentData, merge: merge, documentsRoot: firestore.documentsRoot)
        let mask = merge ? Self.sorted(data.setPaths + data.deletedPaths) : nil
        return DocumentWrite(
            name: resourceName, operation: .update(fields: data.fields, mask: mask), transforms: data.transforms)
    }

    private func mergeFieldsWrite(_ documentData: [String: Any], mergeFields: [Any]) throws(FirestoreErrorCode)
        -> DocumentWrite
    {
        try validatePath()
        let data = try WriteData(set: documentData, merge: true, documentsRoot: firestore.documentsRoot)
        var mask: [FieldPath] = []
        for field in mergeFields {
            guard let key = field as? AnyHashable else {
                throw FirestoreErrorCode(.invalidArgument, message: "Merge fields must be Strings or FieldPaths")
            }
            let path = try FieldPath.parse(key: key)
            guard data.covers(path) else {
                throw FirestoreErrorCode(
                    .invalidArgument,
                    message:
                        "Field '\(path.canonical)' is specified in your field mask but missing from your input data"
                )
            }
            mask.append(path)
        }
        let transforms = data.transforms.filter { transform in
            mask.contains { transform.field.segments.starts(with: $0.segments) }
        }
        return DocumentWrite(
            name: resourceName, operation: .update(fields: data.fields, mask: Self.sorted(mask)),
            transforms: transforms)
    }

    private func updateWrite(_ fields: [AnyHashable: Any], precondition: Precondition) throws(FirestoreErrorCode)
        -> DocumentWrite
    {
        try validatePath()
        let data = try WriteData(update: fields, documentsRoot: firestore.documentsRoot)
        return DocumentWrite(
            name: resourceName,
            operation: .update(fields: data.fields, mask: Self.sorted(data.setPaths + data.deletedPaths)),
            transforms: data.transforms,
            precondition: Self.model(precondition)
        )
    }

    /// Commits one write.
    func commit(_ write: DocumentWrite) async throws(FirestoreErrorCode) -> WriteResult {
        let response = try await firestore.connection.commit([write])
        guard let commitTime = response.commitTime else {
            throw FirestoreErrorCode(.internal, message: "the Commit response has no commit time")
        }
        return WriteResult(updateTime: response.updateTimes.first ?? nil, commitTime: commitTime)
    }

    private func commitInBackground(
        _ write: Result<DocumentWrite, FirestoreErrorCode>,
        _ completion: (@Sendable (Error?) -> Void)?
    ) {
        Task {
            do throws(FirestoreErrorCode) {
                _ = try await commit(try write.get())
                completion?(nil)
            } catch {
                completion?(error)
            }
        }
    }

    private static func sorted(_ paths: [FieldPath]) -> [FieldPath] {
        paths.sorted { $0.segments.lexicographicallyPrecedes($1.segments) }
    }

    private static func model(_ precondition: Precondition) -> DocumentWrite.Precondition {
        switch precondition {
        case .exists: .exists(true)
        case .updateTime(let updateTime): .updateTime(updateTime)
        }
    }
}
