import Testing

@testable import FirestoreListen

/// The targets that listeners and reads are built on (`makeTarget()`), without a server.
@Suite struct TargetTests {
    private let db = try! Firestore(settings: .emulator(host: "127.0.0.1:1", projectID: "p"))
    private let root = "projects/p/databases/(default)/documents"

    @Test func limitToLastFlipsTheWholeEffectiveOrder() throws {
        let query = db.collection("rooms/r1/messages").whereField("n", isGreaterThan: 1).order(
            by: "at", descending: true
        )
        .limit(toLast: 3)
        let (spec, reversed) = try query.makeTarget()
        guard case .query(let target) = spec else { throw Failure() }
        #expect(reversed)
        #expect(target.parent == root + "/rooms/r1" && target.collectionID == "messages" && !target.allDescendants)
        #expect(target.orders.map(\.field.canonical) == ["at", "n", "__name__"])
        #expect(target.orders.map(\.descending) == [false, false, false])
        #expect(target.limit == 3)
    }

    @Test func limitToFirstKeepsTheOrders() throws {
        let (spec, reversed) = try db.collectionGroup("messages").order(by: "at").limit(to: 2).makeTarget()
        guard case .query(let target) = spec else { throw Failure() }
        #expect(!reversed && target.allDescendants && target.parent == root)
        #expect(target.orders.map(\.field.canonical) == ["at"] && target.limit == 2)
    }

    @Test func aTopLevelAndIsSpreadAndASingleMemberCompositeIsItsMember() throws {
        let query = db.collection("c").whereFilter(
            Filter.andFilter([
                Filter.whereField("a", isEqualTo: 1), Filter.orFilter([Filter.whereField("b", isEqualTo: 2)]),
            ])
        )
        guard case .query(let target) = try query.makeTarget().spec else { throw Failure() }
        #expect(target.filters.map(\.field.canonical) == ["a", "b"])
    }

    @Test func aDocumentTargetNamesTheDocument() throws {
        #expect(try db.document("c/d").makeTarget() == .documents([root + "/c/d"]))
        #expect(throws: FirestoreErrorCode.self) { try db.document("c").makeTarget() }
    }

    struct Failure: Error {}
}
