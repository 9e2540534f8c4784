import FirestoreWatch
import FirestoreWire
import Testing

/// The `update.fields` of a commit, read back through `decodeDocument` after Google's library has
/// re-serialized them, for the nesting rules of `DocumentUpdate+NestedFields.swift`.
@Suite struct DocumentUpdateNestedFieldsTests {
    static let name = "projects/p/databases/(default)/documents/c/d"

    static func sentFields(_ fields: [FieldPath: FirestoreValue]) throws -> [String: FirestoreValue] {
        let request = Wire.encodeCommitRequest(
            database: "projects/p/databases/(default)",
            update: DocumentUpdate(name: name, fields: fields, precondition: .exists)
        )
        let response = try #require(try OfficialProtobuf.rewrap(commitRequests: [request]).first)
        guard case .document(let document, _, _) = try Wire.decodeListenResponse(response) else {
            throw OfficialProtobuf.Failure(description: "not a document change")
        }
        return document.fields
    }

    @Test func pathsNestAndMerge() throws {
        let fields = try Self.sentFields([
            FieldPath(["a", "b", "c"]): .integer(1),
            FieldPath(["a", "d"]): .integer(2),
            FieldPath(["a.b"]): .integer(3),
            FieldPath(["x"]): .map(["y": .integer(4)]),
            FieldPath(["x", "z"]): .integer(5),
        ])
        #expect(
            fields == [
                "a": .map(["b": .map(["c": .integer(1)]), "d": .integer(2)]),
                "a.b": .integer(3),
                "x": .map(["y": .integer(4), "z": .integer(5)]),
            ]
        )
    }

    /// `a = 1` with `a.b = 2` is a conflict that the caller should reject; the longer path wins.
    @Test func theLongerOfTwoConflictingPathsWins() throws {
        #expect(
            try Self.sentFields([FieldPath(["a"]): .integer(1), FieldPath(["a", "b"]): .integer(2)]) == [
                "a": .map(["b": .integer(2)])
            ])
    }
}
