import FirestoreWatch
import Foundation
import Testing

@testable import FirestoreListen

/// `data()`, `get(_:)`, `data(as:)` and `documents(as:decodingFailureStrategy:)` on snapshots made from raw
/// documents, as the listener makes them.
@Suite struct CodableSnapshotTests {
    private let db = try! Firestore(settings: .emulator(host: "127.0.0.1:1", projectID: "p"))
    private let metadata = SnapshotMetadata(isInitial: true, isResumed: false)

    private func document(_ path: String, _ fields: [String: FirestoreValue]) -> Document {
        Document(
            name: db.documentsRoot + "/" + path,
            fields: fields,
            createTime: Timestamp(seconds: 1),
            updateTime: Timestamp(seconds: 2)
        )
    }

    private func snapshot(_ path: String, _ fields: [String: FirestoreValue]) -> QueryDocumentSnapshot {
        QueryDocumentSnapshot(reference: db.document(path), document: document(path, fields), metadata: metadata)
    }

    private var everyKind: [String: FirestoreValue] {
        [
            "s": .string("text"), "b": .boolean(true), "n": .integer(5), "d": .double(2.5),
            "t": .timestamp(Timestamp(seconds: 3, nanos: 4)), "bytes": .bytes([1, 2]),
            "r": .reference(db.documentsRoot + "/rooms/r1"), "g": .geoPoint(latitude: 1, longitude: 2),
            "z": .null, "a": .array([.integer(1), .string("x")]),
            "m": .map(["inner": .map(["deep": .integer(9)])]),
        ]
    }

    @Test func dataGivesFirebasesTypesWithIntegersAsInt() throws {
        let data = snapshot("c/d", everyKind).data()
        #expect(data["n"] as? Int == 5)
        #expect(data["n"] as? Int64 == nil)
        #expect(data["s"] as? String == "text")
        #expect(data["b"] as? Bool == true)
        #expect(data["d"] as? Double == 2.5)
        #expect(data["t"] as? Timestamp == Timestamp(seconds: 3, nanoseconds: 4))
        #expect(data["bytes"] as? Data == Data([1, 2]))
        let reference = try #require(data["r"] as? DocumentReference)
        #expect(reference == db.document("rooms/r1") && reference.firestore === db)
        #expect(data["g"] as? GeoPoint == GeoPoint(latitude: 1, longitude: 2))
        #expect(data["z"] is NSNull)
        let array = try #require(data["a"] as? [Any])
        #expect(array.count == 2 && array[0] as? Int == 1 && array[1] as? String == "x")
        #expect(((data["m"] as? [String: Any])?["inner"] as? [String: Any])?["deep"] as? Int == 9)
    }

    @Test func getFollowsDottedPathsAndFieldPaths() {
        let query = snapshot("c/d", everyKind)
        #expect(query.get("m.inner.deep") as? Int == 9)
        #expect(query.get(FieldPath(["m", "inner", "deep"])) as? Int == 9)
        #expect(query["s"] as? String == "text")
        #expect(query[FieldPath(["m", "inner"])] is [String: Any])
        #expect(query.get("m.missing") == nil)
        #expect(query.get("s.under") == nil)
        #expect(query.get(FieldPath.documentName) as? DocumentReference == db.document("c/d"))

        let existing = DocumentSnapshot(
            reference: db.document("c/d"), document: document("c/d", everyKind), metadata: metadata)
        #expect(existing.data()?["n"] as? Int == 5)
        #expect(existing.get("m.inner.deep") as? Int == 9)
        #expect(existing["b"] as? Bool == true)
    }

    struct Room: Codable, Equatable {
        @DocumentID var id: String?
        var s: String
        var n: Int8
        var t: Date
        var r: DocumentReference
        var g: GeoPoint
        var z: Int?
        var missing: String?
    }

    @Test func dataAsDecodesWithTheDocumentsIDAndClient() throws {
        let room = try snapshot("rooms/r9", everyKind).data(as: Room.self)
        #expect(room.id == "r9")
        #expect(room.s == "text" && room.n == 5 && room.z == nil && room.missing == nil)
        #expect(room.t == Timestamp(seconds: 3, nanos: 4).dateValue())
        #expect(room.r == db.document("rooms/r1"))
        #expect(room.g == GeoPoint(latitude: 1, longitude: 2))
    }

    @Test func aMissingDocumentHasNoDataAndDecodesToValueNotFound() {
        let missing = DocumentSnapshot(reference: db.document("rooms/gone"), document: nil, metadata: metadata)
        #expect(missing.data() == nil)
        #expect(missing.get("s") == nil)
        #expect(missing["s"] == nil)
        do {
            _ = try missing.data(as: Room.self)
            Issue.record("decoded a missing document")
        } catch DecodingError.valueNotFound(let type, let context) {
            #expect(type is Room.Type)
            #expect(context.debugDescription == "document rooms/gone does not exist")
        } catch {
            Issue.record("\(error)")
        }
    }

    @Test func aReferenceOfAnotherDatabaseIsADecodingError() {
        struct Link: Decodable {
            var target: DocumentReference
        }
        let foreign = snapshot("c/d", ["target": .reference("projects/other/databases/(default)/documents/a/b")])
        do {
            _ = try foreign.data(as: Link.self)
            Issue.record("decoded a reference of another database")
        } catch DecodingError.dataCorrupted(let context) {
            #expect(context.codingPath.map(\.stringValue) == ["target"])
            #expect(context.debugDescription.contains("not a document of projects/p/databases/(default)"))
        } catch {
            Issue.record("\(error)")
        }
        #expect(foreign.data()["target"] as? String == "projects/other/databases/(default)/documents/a/b")
    }

    struct Job: Decodable, Equatable {
        @DocumentID var id: String?
        var count: Int64
    }

    private func queue() -> QuerySnapshot {
        let documents = [
            snapshot("queue/t1", ["count": .integer(1)]),
            snapshot("queue/t2", ["count": .integer(2)]),
            snapshot("queue/t3", ["count": .string("three")]),
            snapshot("queue/t4", ["count": .integer(4)]),
        ]
        return QuerySnapshot(
            query: db.collection("queue"),
            documents: documents,
            documentChanges: [],
            metadata: metadata,
            readTime: Timestamp(seconds: 5)
        )
    }

    @Test func ignoreKeepsTheDocumentsThatDecodeAndReportsTheOthers() throws {
        let decoded = try queue().documents(as: Job.self, decodingFailureStrategy: .ignore)
        #expect(decoded.items.map(\.id) == ["t1", "t2", "t4"])
        #expect(decoded.items.map(\.count) == [1, 2, 4])
        #expect(decoded.errors.count == 1)
        let error = try #require(decoded.errors.first)
        #expect(error.documentPath == "queue/t3")
        #expect(error.fieldPath == "count")
        #expect(error.description == "queue/t3: field 'count': expected Int64, found string")
        #expect(error.underlying is DecodingError)
    }

    @Test func raiseThrowsTheFirstDocumentThatDoesNotDecode() {
        do {
            let decoded = try queue().documents(as: Job.self, decodingFailureStrategy: .raise)
            Issue.record("decoded \(decoded.items.count) documents without an error")
        } catch {
            #expect(error.documentPath == "queue/t3")
            #expect(error.fieldPath == "count")
        }
        #expect(throws: DocumentDecodingError.self) { try queue().documents(as: Job.self) }
    }

    @Test func aMissingFieldNamesItsPath() {
        struct Nested: Decodable {
            var owner: Owner
            struct Owner: Decodable {
                var name: String
            }
        }
        let result = QuerySnapshot(
            query: db.collection("c"),
            documents: [snapshot("c/d", ["owner": .map([:])])],
            documentChanges: [],
            metadata: metadata,
            readTime: Timestamp(seconds: 5)
        )
        let decoded = try? result.documents(as: Nested.self, decodingFailureStrategy: .ignore)
        #expect(decoded?.errors.first?.description == "c/d: field 'owner.name': missing")
    }
}
