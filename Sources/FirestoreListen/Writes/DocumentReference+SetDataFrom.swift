/// Writing an `Encodable` value, as in Firebase's Apple SDK; left out of the build (`.pending`) until
/// `Firestore.Encoder` lands in `Sources/FirestoreListen/Codable`, then renamed to `.swift`.
extension DocumentReference {
    /// Replaces the document with `value`, encoded by `Firestore.Encoder`, creating it if needed; with
    /// `merge`, writes only the fields the encoding holds and keeps the others.
    ///
    /// ```swift
    /// struct Ticket: Codable { var status: String; var attempts: Int }
    /// try await db.document("queue/t1").setData(from: Ticket(status: "pending", attempts: 0))
    /// ```
    /// - Returns: the document's new update time and the commit time.
    /// - Throws: `FirestoreErrorCode`: `.invalidArgument` when `value` does not encode to a map or holds a
    ///   value that cannot be stored; the server's status otherwise.
    @discardableResult
    public func setData<T: Encodable>(from value: T, merge: Bool = false) async throws(FirestoreErrorCode)
        -> WriteResult
    {
        let documentData: [String: Any]
        do {
            documentData = try Firestore.Encoder().encode(value)
        } catch let error as FirestoreErrorCode {
            throw error
        } catch {
            throw FirestoreErrorCode(.invalidArgument, message: "\(T.self) did not encode: \(error)")
        }
        return try await setData(documentData, merge: merge)
    }
}
