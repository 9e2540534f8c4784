import FirestoreListen
import Foundation
import Testing

/// Writes through the public API against the emulator, each read back with `getDocument()`.
@Suite struct WriteTests {
    @Test func setDataStoresEveryKindOfValue() async throws {
        let client = try EmulatorClient()
        let other = client.collection.document("other")
        let document = client.collection.document("d")
        let when = Date(timeIntervalSince1970: 1_767_225_600.25)
        let result = try await document.setData([
            "s": "text", "b": true, "nb": NSNumber(value: false), "i": 7, "i8": Int8(-8), "u32": UInt32(32),
            "u64": UInt64(64), "d": 2.5, "f": Float(0.5), "n": NSNumber(value: 3), "nd": NSNumber(value: 1.5),
            "t": Timestamp(seconds: 5, nanos: 6000), "date": when, "data": Data([1, 2]), "ref": other,
            "geo": GeoPoint(latitude: 1.5, longitude: -2), "null": NSNull(), "none": Int?.none as Any,
            "array": [1, "a", ["k": true]] as [Any], "map": ["x": ["y": 1]],
        ])
        let snapshot = try await document.getDocument()
        #expect(snapshot.exists)
        #expect(snapshot.updateTime == result.updateTime)
        #expect(result.updateTime! <= result.commitTime)
        let fields = try await FieldsOf(document)
        #expect(fields.count == 20)
        #expect(fields["b"] == "true" && fields["nb"] == "false" && fields["i"] == "7" && fields["i8"] == "-8")
        #expect(fields["u32"] == "32" && fields["u64"] == "64" && fields["n"] == "3" && fields["nd"] == "1.5")
        #expect(fields["d"] == "2.5" && fields["f"] == "0.5" && fields["null"] == "null" && fields["none"] == "null")
        #expect(fields["t"] == "1970-01-01T00:00:05.000006Z")
        #expect(fields["date"] == Timestamp(seconds: 1_767_225_600, nanos: 250_000_000).rfc3339)
        #expect(fields["array"] == "[1, a, {k: true}]" && fields["map"] == "{x: {y: 1}}" && fields["s"] == "text")
        #expect(fields["data"] == "bytes[1, 2]" && fields["geo"]?.hasPrefix("geoPoint") == true)
        #expect(fields["ref"] == "reference" + "projects/api-tests/databases/(default)/documents/" + other.path)
    }

    @Test func mergeKeepsOtherFieldsAndSentinelsApply() async throws {
        let client = try EmulatorClient()
        let document = client.collection.document("d")
        try await document.setData([
            "keep": 1, "gone": 2, "count": 10, "score": 1.5, "tags": ["a", "b"], "nested": ["keep": 1, "gone": 2],
        ])
        let merged = try await document.setData(
            [
                "gone": FieldValue.delete(), "count": FieldValue.increment(Int64(5)),
                "score": FieldValue.increment(0.25), "tags": FieldValue.arrayUnion(["b", "c"]),
                "at": FieldValue.serverTimestamp(), "nested": ["gone": FieldValue.delete(), "new": true],
            ],
            merge: true
        )
        let fields = try await FieldsOf(document)
        #expect(fields["keep"] == "1" && fields["gone"] == nil)
        #expect(fields["count"] == "15" && fields["score"] == "1.75" && fields["tags"] == "[a, b, c]")
        #expect(fields["nested"] == "{keep: 1, new: true}")
        let snapshot = try await document.getDocument()
        #expect(snapshot.updateTime == merged.updateTime)
        #expect(fields["at"] != nil)
    }

    @Test func setWithoutMergeReplacesTheDocument() async throws {
        let client = try EmulatorClient()
        let document = client.collection.document("d")
        try await document.setData(["a": 1, "b": 2])
        try await document.setData(["c": FieldValue.serverTimestamp(), "m": ["t": FieldValue.serverTimestamp()]])
        let fields = try await FieldsOf(document)
        #expect(fields.keys.sorted() == ["c", "m"])
    }

    @Test func mergeFieldsWritesOnlyThoseFields() async throws {
        let client = try EmulatorClient()
        let document = client.collection.document("d")
        try await document.setData(["a": 1, "b": 2, "c": ["x": 1, "y": 2]])
        try await document.setData(
            ["a": 10, "b": 20, "c": ["x": 10, "y": 20]], mergeFields: ["a", FieldPath(["c", "y"])])
        #expect(try await FieldsOf(document) == ["a": "10", "b": "2", "c": "{x: 1, y: 20}"])
        await #expect(throws: FirestoreErrorCode.self) {
            try await document.setData(["a": 1], mergeFields: ["z"])
        }
    }

    @Test func updateDataWithEverySentinelAndDottedPaths() async throws {
        let client = try EmulatorClient()
        let document = client.collection.document("d")
        try await document.setData(["n": 1, "tags": ["a", "b", "a"], "m": ["x": 1, "y": 2], "drop": true])
        try await document.updateData([
            "n": FieldValue.increment(Int64(2)), "tags": FieldValue.arrayRemove(["a"]), "m.x": 5,
            FieldPath(["m", "z"]): FieldValue.arrayUnion([1]), "drop": FieldValue.delete(),
            "at": FieldValue.serverTimestamp(), "sub": ["t": FieldValue.serverTimestamp(), "v": 1],
        ])
        let fields = try await FieldsOf(document)
        #expect(fields["n"] == "3" && fields["tags"] == "[b]" && fields["m"] == "{x: 5, y: 2, z: [1]}")
        #expect(fields["drop"] == nil && fields["at"] != nil)
        #expect(fields["sub"]?.hasPrefix("{t: 2") == true && fields["sub"]?.hasSuffix("v: 1}") == true)
    }

    @Test func aStaleUpdateTimeFailsAndChangesNothing() async throws {
        let client = try EmulatorClient()
        let document = client.collection.document("d")
        let first = try await document.setData(["status": "pending"])
        let seen = try #require(first.updateTime)
        let second = try await document.updateData(["status": "claimed"], precondition: .updateTime(seen))
        do {
            try await document.updateData(["status": "completed"], precondition: .updateTime(seen))
            Issue.record("a stale update time was accepted")
        } catch {
            #expect(error.code == .failedPrecondition)
        }
        #expect(try await FieldsOf(document) == ["status": "claimed"])
        #expect(try await document.getDocument().updateTime == second.updateTime)
    }

    @Test func updatingOrPreconditionedDeleteOfAMissingDocumentIsNotFound() async throws {
        let client = try EmulatorClient()
        let missing = client.collection.document("missing")
        do {
            try await missing.updateData(["a": 1])
            Issue.record("updating a missing document succeeded")
        } catch {
            #expect(error.code == .notFound)
        }
        do {
            try await missing.delete(precondition: .exists)
            Issue.record("deleting a missing document with .exists succeeded")
        } catch {
            #expect(error.code == .notFound)
        }
        #expect(try await missing.getDocument().exists == false)
    }

    @Test func deleteRemovesTheDocumentAndAMissingOneIsFine() async throws {
        let client = try EmulatorClient()
        let document = client.collection.document("d")
        try await document.setData(["a": 1])
        let deleted = try await document.delete()
        #expect(deleted.updateTime == nil)
        let snapshot = try await document.getDocument()
        #expect(!snapshot.exists && snapshot.updateTime == nil && snapshot.documentID == "d")
        try await document.delete()
    }

    @Test func addDocumentMakesATwentyCharacterID() async throws {
        let client = try EmulatorClient()
        let added = try await client.collection.addDocument(data: ["a": 1])
        #expect(added.documentID.count == 20 && added.documentID.allSatisfy { $0.isLetter || $0.isNumber })
        #expect(added.parent.path == client.collectionID)
        #expect(try await added.getDocument().exists)
        #expect(client.collection.document().documentID != client.collection.document().documentID)
    }

    @Test func completionHandlersReportTheOutcome() async throws {
        let client = try EmulatorClient()
        let document = client.collection.document("d")
        let errors = AsyncStream<String>.makeStream()
        document.setData(["a": 1]) { error in
            errors.continuation.yield(error.map { "\($0)" } ?? "ok")
            client.collection.document("missing").updateData(["a": 2]) { error in
                errors.continuation.yield((error as? FirestoreErrorCode)?.code.name ?? "no error")
                errors.continuation.finish()
            }
        }
        var outcomes: [String] = []
        for await outcome in errors.stream { outcomes.append(outcome) }
        #expect(outcomes == ["ok", "NOT_FOUND"])
    }
}
