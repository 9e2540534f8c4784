import FirestoreWatch
import FirestoreWire

/// The requests the tests send and what they read from responses: FirestoreWire's codec, plus the one
/// message it has no API for (a Commit of zero writes).
enum FirestoreMessages {
    /// `ListenRequest` adding a query target on `collection` (a child of the documents root).
    static func addQueryTarget(collection: String, targetID: Int32 = 1) -> [UInt8] {
        let query = Query(parent: Emulator.database + "/documents", collectionID: collection)
        return Wire.encodeListenRequest(
            database: Emulator.database,
            .add(ListenTarget(id: targetID, spec: .query(query)))
        )
    }

    /// The kind of a `ListenResponse` holding a `TargetChange`; nil for another response.
    static func targetChangeKind(_ response: [UInt8]) throws -> TargetChange.Kind? {
        guard case .target(let change) = try Wire.decodeListenResponse(response) else { return nil }
        return change.kind
    }

    /// `CommitRequest{database = 1}`, hand-encoded: tag 0x0A (field 1, length-delimited), length, bytes.
    static func emptyCommit() -> [UInt8] {
        let database = Array(Emulator.database.utf8)
        precondition(database.count < 0x80, "a one-byte length")
        return [0x0A, UInt8(database.count)] + database
    }
}
