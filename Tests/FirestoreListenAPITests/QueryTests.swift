import FirestoreListen
import Foundation
import Testing

/// `getDocuments()` through the public query builders, against the emulator.
@Suite struct QueryTests {
    /// Documents d1…d6: `n` = 1…6, `even`, `tag` (a, b, c, a, b, c), `tags` holding the tag.
    static func seeded() async throws -> EmulatorClient {
        let client = try EmulatorClient()
        for n in 1...6 {
            let tag = ["a", "b", "c"][(n - 1) % 3]
            try await client.collection.document("d\(n)").setData([
                "n": n, "even": n.isMultiple(of: 2), "tag": tag, "tags": [tag, "all"],
            ])
        }
        return client
    }

    static func ids(_ query: Query) async throws -> [String] {
        try await query.getDocuments().documents.map(\.documentID)
    }

    @Test func fieldFiltersOrdersAndLimits() async throws {
        let client = try await Self.seeded()
        let c = client.collection
        #expect(try await Self.ids(c.whereField("n", isGreaterThan: 4)) == ["d5", "d6"])
        #expect(try await Self.ids(c.whereField("n", isGreaterThanOrEqualTo: 5)) == ["d5", "d6"])
        #expect(try await Self.ids(c.whereField("n", isLessThan: 2)) == ["d1"])
        #expect(try await Self.ids(c.whereField("n", isLessThanOrEqualTo: 2)) == ["d1", "d2"])
        #expect(try await Self.ids(c.whereField("tag", isEqualTo: "b")) == ["d2", "d5"])
        #expect(try await Self.ids(c.whereField("tag", isNotEqualTo: "b")) == ["d1", "d4", "d3", "d6"])
        #expect(try await Self.ids(c.whereField("tags", arrayContains: "c")) == ["d3", "d6"])
        #expect(try await Self.ids(c.whereField("tags", arrayContainsAny: ["a", "c"])) == ["d1", "d3", "d4", "d6"])
        #expect(try await Self.ids(c.whereField(FieldPath(["n"]), in: [2, 3])) == ["d2", "d3"])
        #expect(try await Self.ids(c.whereField("n", notIn: [1, 2, 3, 4])) == ["d5", "d6"])
        #expect(try await Self.ids(c.order(by: "n", descending: true).limit(to: 2)) == ["d6", "d5"])
        #expect(
            try await Self.ids(c.whereField("even", isEqualTo: true).order(by: "n").limit(to: 2)) == ["d2", "d4"])
        #expect(try await Self.ids(c.whereField(FieldPath.documentID(), in: ["d3", "d1"])) == ["d1", "d3"])
    }

    @Test func limitToLastKeepsTheLastInQueryOrder() async throws {
        let client = try await Self.seeded()
        let c = client.collection
        #expect(try await Self.ids(c.order(by: "n").limit(toLast: 2)) == ["d5", "d6"])
        #expect(try await Self.ids(c.order(by: "n", descending: true).limit(toLast: 2)) == ["d2", "d1"])
        #expect(try await Self.ids(c.order(by: "tag").limit(toLast: 3)) == ["d5", "d3", "d6"])
        let snapshot = try await c.whereField("n", isGreaterThan: 1).order(by: "even").limit(toLast: 3).getDocuments()
        #expect(snapshot.documents.map(\.documentID) == ["d2", "d4", "d6"])
        #expect(snapshot.documentChanges.map(\.newIndex) == [0, 1, 2])
    }

    @Test func orAndNestedCompositeFilters() async throws {
        let client = try await Self.seeded()
        let c = client.collection
        let either = Filter.orFilter([Filter.whereField("n", isEqualTo: 1), Filter.whereField("tag", isEqualTo: "c")])
        #expect(try await Self.ids(c.whereFilter(either)) == ["d1", "d3", "d6"])
        let nested = Filter.orFilter([
            Filter.andFilter([Filter.whereField("even", isEqualTo: true), Filter.whereField("n", isGreaterThan: 3)]),
            Filter.whereField("n", isEqualTo: 1),
        ])
        #expect(try await Self.ids(c.whereFilter(nested).order(by: "n")) == ["d1", "d4", "d6"])
        let spread = Filter.andFilter([Filter.whereField("tag", isEqualTo: "a"), Filter.whereField("n", isLessThan: 4)])
        #expect(try await Self.ids(c.whereFilter(spread)) == ["d1"])
        #expect(try await Self.ids(c.whereFilter(Filter.orFilter([]))) == ["d1", "d2", "d3", "d4", "d5", "d6"])
    }

    @Test func aReadIsAllAddedAtTheServersReadTime() async throws {
        let client = try await Self.seeded()
        let last = try await client.collection.document("d6").getDocument()
        let snapshot = try await client.collection.order(by: "n").getDocuments()
        #expect(snapshot.count == 6 && !snapshot.isEmpty)
        #expect(snapshot.documentChanges.map(\.type) == Array(repeating: .added, count: 6))
        #expect(snapshot.documentChanges.map(\.newIndex) == Array(0..<6))
        #expect(snapshot.documentChanges.allSatisfy { $0.oldIndex == UInt(Int.max) })
        #expect(snapshot.metadata.isInitial && !snapshot.metadata.isResumed && !snapshot.metadata.isFromCache)
        #expect(snapshot.readTime >= last.updateTime!)
        #expect(snapshot.documents.last?.reference == client.collection.document("d6"))
        let empty = try await client.db.collection(client.collectionID + "-none").getDocuments()
        #expect(empty.isEmpty && empty.documentChanges.isEmpty)
    }

    @Test func collectionGroupsAndSubcollections() async throws {
        let client = try EmulatorClient()
        let group = client.collectionID + "-items"
        try await client.db.collection("a/x/\(group)").document("i1").setData(["n": 1])
        try await client.db.collection("b/y/\(group)").document("i2").setData(["n": 2])
        let all = try await client.db.collectionGroup(group).order(by: "n").getDocuments()
        #expect(all.documents.map(\.reference.path) == ["a/x/\(group)/i1", "b/y/\(group)/i2"])
        #expect(try await Self.ids(client.db.collection("b/y/\(group)")) == ["i2"])
    }
}
