/// New documents with ids made by the client, as in Firebase's Apple SDK.
extension CollectionReference {
    /// A reference to a new document of this collection, with a random 20-character id (letters and
    /// digits, as Firebase makes them). Nothing is written.
    public func document() -> DocumentReference {
        document(Self.randomDocumentID())
    }

    /// Adds a document with `data` and a random id to this collection.
    ///
    /// ```swift
    /// let ticket = try await db.collection("queue").addDocument(data: ["status": "pending"])
    /// print(ticket.documentID)
    /// ```
    /// - Returns: the reference of the new document.
    /// - Throws: `FirestoreErrorCode`: `.invalidArgument` for an invalid collection path or value; the
    ///   server's status otherwise.
    @discardableResult
    public func addDocument(data: [String: Any]) async throws(FirestoreErrorCode) -> DocumentReference {
        let reference = document()
        try await reference.setData(data)
        return reference
    }

    /// `addDocument(data:)`, returning the new document's reference at once and calling `completion` with
    /// nil or the error once the server answered.
    @discardableResult
    public func addDocument(data: [String: Any], completion: (@Sendable (Error?) -> Void)?) -> DocumentReference {
        let reference = document()
        reference.setData(data, completion: completion)
        return reference
    }

    /// 20 characters from `A-Za-z0-9`, from the system's random number generator.
    static func randomDocumentID() -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
        return String((0..<20).map { _ in alphabet.randomElement()! })
    }
}
