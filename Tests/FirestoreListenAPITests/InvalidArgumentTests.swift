import FirestoreListen
import Foundation
import Testing

/// Invalid paths, values and queries are `.invalidArgument`, thrown by the call that uses them, before
/// anything is sent.
@Suite struct InvalidArgumentTests {
    /// The code of the `FirestoreErrorCode` that `body` throws; nil when it throws nothing or another error.
    static func code(_ body: () async throws -> Void) async -> FirestoreErrorCode.Code? {
        do {
            try await body()
            return nil
        } catch {
            return (error as? FirestoreErrorCode)?.code
        }
    }

    struct Unstorable {}

    @Test func invalidPathsAreInvalidArguments() async throws {
        let client = try EmulatorClient()
        let db = client.db
        #expect(await Self.code { _ = try await db.document("a").getDocument() } == .invalidArgument)
        #expect(await Self.code { _ = try await db.document("a//b").getDocument() } == .invalidArgument)
        #expect(await Self.code { _ = try await db.document("").getDocument() } == .invalidArgument)
        #expect(await Self.code { try await db.document("a/b/c").setData(["a": 1]) } == .invalidArgument)
        #expect(await Self.code { _ = try await db.collection("a/b").getDocuments() } == .invalidArgument)
        #expect(await Self.code { _ = try await db.collection("").getDocuments() } == .invalidArgument)
        #expect(await Self.code { _ = try await db.collectionGroup("a/b").getDocuments() } == .invalidArgument)
        #expect(await Self.code { try await db.collection("a/b").addDocument(data: [:]) } == .invalidArgument)
        let document = client.collection.document("d")
        #expect(await Self.code { try await document.updateData(["a..b": 1]) } == .invalidArgument)
        #expect(await Self.code { try await document.updateData([3: 1]) } == .invalidArgument)
        #expect(await Self.code { try await document.updateData(["a": 1, "a.b": 2]) } == .invalidArgument)
        #expect(await Self.code { _ = try await client.collection.order(by: "a.").getDocuments() } == .invalidArgument)
    }

    @Test func invalidValuesAreInvalidArguments() async throws {
        let client = try EmulatorClient()
        let document = client.collection.document("d")
        let elsewhere = try Firestore(settings: .emulator(host: "127.0.0.1:1", projectID: "another"))
        let cases: [[String: Any]] = [
            ["big": UInt64.max], ["thing": Unstorable()], ["nested": ["deep": Unstorable()]],
            ["arrays": [[1]]], ["ref": elsewhere.document("c/d")], ["sentinel": [FieldValue.serverTimestamp()]],
            ["gone": FieldValue.delete()], ["": 1], ["__reserved__": 1],
        ]
        for data in cases {
            #expect(await Self.code { try await document.setData(data) } == .invalidArgument, "\(data)")
        }
        #expect(
            await Self.code { try await document.updateData(["a": ["b": FieldValue.delete()]]) } == .invalidArgument)
        do {
            try await document.setData(["outer": ["inner": Unstorable()]])
        } catch {
            #expect(error.message.contains("outer.inner"), "\(error.message)")
        }
        #expect(try await document.getDocument().exists == false)
    }

    @Test func invalidQueriesAreInvalidArguments() async throws {
        let client = try EmulatorClient()
        let c = client.collection
        let elsewhere = try Firestore(settings: .emulator(host: "127.0.0.1:1", projectID: "another"))
        let queries: [Query] = [
            c.limit(toLast: 1),
            c.whereField("n", isGreaterThan: 1).limit(toLast: 1),
            c.limit(to: 0),
            c.order(by: "n").limit(toLast: -1),
            c.whereField("n", in: []),
            c.whereField("n", isLessThan: NSNull()),
            c.whereField("n", isEqualTo: Unstorable()),
            c.whereField("", isEqualTo: 1),
            c.whereField("r", isEqualTo: elsewhere.document("c/d")),
            c.whereFilter(
                Filter.orFilter([Filter.whereField("a", isEqualTo: 1), Filter.whereField("b~", isEqualTo: 2)])),
            c.whereField(FieldPath.documentID(), isEqualTo: "a/b"),
            c.whereField(FieldPath.documentID(), arrayContains: "a"),
        ]
        for query in queries {
            #expect(await Self.code { _ = try await query.getDocuments() } == .invalidArgument)
        }
    }
}
