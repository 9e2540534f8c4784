import Testing

@testable import FirestoreWatch

/// `WatchState` behaviour that is clearer in Swift than in a fixture.
@Suite struct WatchStateTests {
    static let root = "projects/p/databases/(default)/documents"
    static let collection = TargetSpec.query(Query(parent: root, collectionID: "c"))

    static func document(_ id: String, update: Int64, fields: [String: FirestoreValue] = [:]) -> Document {
        Document(
            name: root + "/c/" + id,
            fields: fields,
            createTime: Timestamp(seconds: 1),
            updateTime: Timestamp(seconds: update)
        )
    }

    static func global(_ seconds: Int64, token: String = "") -> WatchChange {
        .target(TargetChange(kind: .noChange, resumeToken: Array(token.utf8), readTime: Timestamp(seconds: seconds)))
    }

    static let current = WatchChange.target(TargetChange(kind: .current))

    static func snapshots(_ events: [WatchEvent]) -> [ViewSnapshot] {
        events.compactMap { event in
            if case .snapshot(let snapshot) = event { return snapshot }
            return nil
        }
    }

    /// A state with target 1 listening to collection c and holding d1, d2 at read time 1, token "g1".
    static func listening() throws -> WatchState {
        var state = WatchState()
        state.add(ListenTarget(id: 1, spec: collection))
        _ = try state.apply(.document(document("d1", update: 1), targetIDs: [1], removedTargetIDs: []))
        _ = try state.apply(.document(document("d2", update: 1), targetIDs: [1], removedTargetIDs: []))
        _ = try state.apply(current)
        _ = try state.apply(global(1, token: "g1"))
        return state
    }

    @Test func aViolationLeavesTheStateAsItWas() throws {
        var state = try Self.listening()
        let before = state.persistedTarget(1)
        #expect(throws: WatchError(.unexpectedAdd(targetID: 2))) {
            try state.apply(.target(TargetChange(kind: .add, targetIDs: [1, 2])))
        }
        #expect(state.persistedTarget(1) == before)
        #expect(try state.apply(.target(TargetChange(kind: .add, targetIDs: [1]))) == [.targetAdded(1)])
        #expect(throws: WatchError(.unexpectedRemove(targetID: 1))) {
            try state.apply(.target(TargetChange(kind: .remove, targetIDs: [1])))
        }
        #expect(state.targetIDs == [1])
    }

    @Test func idsNeverAddedAreViolationsAndIdsOfGoneTargetsAreIgnored() throws {
        var state = try Self.listening()
        let before = state.persistedTarget(1)
        #expect(throws: WatchError(.unexpectedAdd(targetID: 0))) {
            try state.apply(.target(TargetChange(kind: .add)))
        }
        #expect(throws: WatchError(.unknownTarget(targetID: 9))) {
            try state.apply(.document(Self.document("d3", update: 2), targetIDs: [1, 9], removedTargetIDs: []))
        }
        #expect(throws: WatchError(.unknownTarget(targetID: 9))) {
            try state.apply(.target(TargetChange(kind: .current, targetIDs: [9])))
        }
        #expect(throws: WatchError(.unknownTarget(targetID: 9))) {
            try state.apply(.existenceFilter(ExistenceFilter(targetID: 9, count: 0)))
        }
        #expect(state.persistedTarget(1) == before)

        state.add(ListenTarget(id: 2, spec: Self.collection))
        _ = try state.apply(.target(TargetChange(kind: .add, targetIDs: [2])))
        state.remove(targetID: 2)
        #expect(try state.apply(.target(TargetChange(kind: .remove, targetIDs: [2]))) == [.targetRemoved(2)])
        #expect(try state.apply(.target(TargetChange(kind: .reset, targetIDs: [2]))) == [])
        #expect(state.targetIDs == [1])
    }

    @Test func aCauseOnAnyTargetChangeEndsTheTarget() throws {
        var state = try Self.listening()
        let cause = TargetChange.Cause(code: 7, message: "denied")
        #expect(
            try state.apply(.target(TargetChange(kind: .current, targetIDs: [1], cause: cause)))
                == [.targetFailed(1, cause: cause)])
        #expect(state.targetIDs.isEmpty)
    }

    @Test func errorsReadAsOneLineWithAStatusName() {
        let error = WatchError(.unexpectedAdd(targetID: 2))
        #expect(error.codeName == "INTERNAL")
        #expect(error.description == "INTERNAL: Unexpected target ID 2 sent by the server in an ADD")
        #expect(!WatchError(.unexpectedRemove(targetID: 1)).description.contains("\n"))
    }

    @Test func persistedTargetRestoresIntoAnIdenticalState() throws {
        let state = try Self.listening()
        let persisted = try #require(state.persistedTarget(1))
        #expect(persisted.documents.map(\.id) == ["d1", "d2"])
        #expect(persisted.resume == .token(Array("g1".utf8)))
        #expect(persisted.readTime == Timestamp(seconds: 1))
        var restored = WatchState()
        let sent = restored.restore(persisted)
        #expect(sent == ListenTarget(id: 1, spec: Self.collection, resume: persisted.resume, expectedCount: 2))
        #expect(restored.persistedTarget(1) == persisted)
        #expect(restored.documents(targetID: 1) == persisted.documents)
    }

    @Test func restoredStateWithoutResumePointTreatsEveryDocumentAsGoneUntilResent() throws {
        var state = WatchState()
        let persisted = PersistedTarget(
            target: ListenTarget(id: 1, spec: Self.collection),
            documents: [Self.document("d1", update: 1), Self.document("d2", update: 1)],
            resume: nil,
            readTime: Timestamp(seconds: 1)
        )
        #expect(state.restore(persisted) == ListenTarget(id: 1, spec: Self.collection))
        _ = try state.apply(.document(Self.document("d2", update: 1), targetIDs: [1], removedTargetIDs: []))
        _ = try state.apply(Self.current)
        let snapshot = try #require(Self.snapshots(try state.apply(Self.global(2))).first)
        #expect(!snapshot.initial)
        #expect(snapshot.changes.map(\.kind) == [.removed])
        #expect(snapshot.documents.map(\.id) == ["d2"])
    }

    @Test func reAddingWithAnotherSpecStartsAnew() throws {
        var state = try Self.listening()
        state.remove(targetID: 1)
        let other = TargetSpec.query(Query(parent: Self.root, collectionID: "other"))
        state.add(ListenTarget(id: 1, spec: other))
        #expect(state.documents(targetID: 1) == [])
        _ = try state.apply(.target(TargetChange(kind: .remove, targetIDs: [1])))
        _ = try state.apply(Self.current)
        let snapshot = try #require(Self.snapshots(try state.apply(Self.global(2))).first)
        #expect(snapshot.initial && snapshot.documents.isEmpty && snapshot.changes.isEmpty)
    }

    @Test func existenceFilterWithoutTargetIdIsIgnoredWithSeveralTargets() throws {
        var state = try Self.listening()
        state.add(ListenTarget(id: 2, spec: Self.collection))
        #expect(try state.apply(.existenceFilter(ExistenceFilter(targetID: 0, count: 9))) == [])
        let relisten = try state.apply(.existenceFilter(ExistenceFilter(targetID: 1, count: 9)))
        #expect(relisten == [.relisten(ListenTarget(id: 1, spec: Self.collection))])
        #expect(state.resumeTarget(1) == ListenTarget(id: 1, spec: Self.collection))
    }

    @Test func removingAnUnknownTargetDoesNothing() throws {
        var state = try Self.listening()
        state.remove(targetID: 5)
        #expect(state.targetIDs == [1])
        #expect(state.streamDidRestart().map(\.id) == [1])
    }

    /// The emulator's cycle after one write, on a large result: only the modified document is reported.
    @Test func largeResentResultReportsOneModification() throws {
        var state = WatchState()
        state.add(ListenTarget(id: 1, spec: Self.collection))
        let count = 5_000
        let documents = (0..<count).map { Self.document("d\($0)", update: 1, fields: ["n": .integer(Int64($0))]) }
        for document in documents { _ = try state.apply(.document(document, targetIDs: [1], removedTargetIDs: [])) }
        _ = try state.apply(Self.current)
        let first = try #require(Self.snapshots(try state.apply(Self.global(1))).first)
        #expect(first.changes.count == count)
        _ = try state.apply(.target(TargetChange(kind: .reset, targetIDs: [1])))
        for (index, document) in documents.enumerated() {
            var resent = document
            if index == 1234 { resent.updateTime = Timestamp(seconds: 2) }
            _ = try state.apply(.document(resent, targetIDs: [1], removedTargetIDs: []))
        }
        _ = try state.apply(Self.current)
        let second = try #require(Self.snapshots(try state.apply(Self.global(2))).first)
        let sortedIndex = try #require(first.documents.firstIndex { $0.id == "d1234" })
        #expect(second.changes.map(\.kind) == [.modified])
        #expect(second.changes.first?.oldIndex == sortedIndex && second.changes.first?.newIndex == sortedIndex)
        #expect(second.documents.count == count)
    }
}

/// Names that Swift's `String ==` calls equal but Firestore keeps apart.
@Suite struct DocumentKeyTests {
    @Test func canonicallyEquivalentNamesAreDifferentDocuments() throws {
        let composed = "c/caf\u{E9}"
        let decomposed = "c/cafe\u{301}"
        #expect(composed == decomposed)
        #expect(DocumentKey(composed) != DocumentKey(decomposed))
        #expect(DocumentKey(composed) == DocumentKey("c/caf\u{E9}"))

        var state = WatchState()
        state.add(ListenTarget(id: 1, spec: WatchStateTests.collection))
        for name in [composed, decomposed] {
            let document = Document(
                name: WatchStateTests.root + "/" + name,
                fields: [:],
                createTime: Timestamp(seconds: 1),
                updateTime: Timestamp(seconds: 1)
            )
            _ = try state.apply(.document(document, targetIDs: [1], removedTargetIDs: []))
        }
        _ = try state.apply(WatchStateTests.current)
        let snapshot = try #require(WatchStateTests.snapshots(try state.apply(WatchStateTests.global(1))).first)
        // By bytes "e" (0x65) orders before "é" (0xC3 0xA9).
        #expect(snapshot.documents.map { Array($0.name.utf8.suffix(3)) } == [[0x65, 0xCC, 0x81], [0x66, 0xC3, 0xA9]])
    }
}
