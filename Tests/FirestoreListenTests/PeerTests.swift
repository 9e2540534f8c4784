import FirestoreWatch
import Testing

/// The interop peer (Google's Python client) against the emulator: interop tests compare our output with
/// what it wrote and read, so it must carry every value kind exactly and report what it did.
@Suite("peer.py", .startsProcesses)
struct PeerTests {
    @Test func roundTripsEveryValueKindExactly() async throws {
        let peer = try await Peer()
        let collection = TestEnvironment.uniqueCollection("peer")
        let fields: [String: FirestoreValue] = [
            "null": .null,
            "true": .boolean(true),
            "false": .boolean(false),
            "int max": .integer(.max),
            "int min": .integer(.min),
            "int zero": .integer(0),
            "double": .double(0.1),
            "double one": .double(1.0),
            "double negative zero": .double(-0.0),
            "double nan": .double(.nan),
            "double infinity": .double(.infinity),
            "double minus infinity": .double(-.infinity),
            "double subnormal": .double(.leastNonzeroMagnitude),
            "double largest": .double(.greatestFiniteMagnitude),
            "timestamp": .timestamp(Timestamp(seconds: 1_795_963_809, nanos: 123_456_000)),
            "timestamp before 1970": .timestamp(Timestamp(seconds: -1, nanos: 999_999_000)),
            "timestamp year 1": .timestamp(Timestamp(seconds: -62_135_596_800)),
            "timestamp year 9999": .timestamp(Timestamp(seconds: 253_402_300_799, nanos: 999_999_000)),
            "string": .string("héllo ✓ 𝄞"),
            "string empty": .string(""),
            "bytes": .bytes([0, 255, 1, 128]),
            "bytes empty": .bytes([]),
            "reference": .reference("\(peer.coding.documentsRoot)/\(collection)/other"),
            "geo point": .geoPoint(latitude: -33.8568, longitude: 151.2153),
            "array": .array([.integer(1), .double(1), .string("1"), .null, .map(["inner": .array([])])]),
            "array empty": .array([]),
            "map": .map(["a.b": .map([:]), "nested": .map(["x": .integer(-1), "y": .array([.boolean(false)])])]),
            "map empty": .map([:]),
        ]
        let path = "\(collection)/every-kind"
        let updateTime = try await peer.set(path, fields)
        let document = try #require(try await peer.get(path))
        #expect(document.name == "\(peer.coding.documentsRoot)/\(path)")
        #expect(document.updateTime == updateTime)
        #expect(document.createTime == updateTime)
        for (name, value) in fields {
            #expect(document.fields[name] == value, "field \(name)")
        }
        #expect(Set(document.fields.keys) == Set(fields.keys))
        await peer.stop()
    }

    @Test func reportsTheServersStatusCode() async throws {
        let peer = try await Peer()
        let path = "\(TestEnvironment.uniqueCollection("peer"))/missing"
        let error = await #expect(throws: PeerError.self) {
            try await peer.update(path, ["status": .value(.string("completed"))])
        }
        #expect(error?.code == "NOT_FOUND")
        #expect(try await peer.get(path) == nil)
        await peer.stop()
    }

    @Test func commitsFiveHundredWritesAtOnceAndQueriesThem() async throws {
        let peer = try await Peer()
        let collection = TestEnvironment.uniqueCollection("peer")
        let writes = (0..<500).map { n in
            PeerWrite.set(
                "\(collection)/d\(n)", ["n": .integer(Int64(n)), "status": .string(n % 2 == 0 ? "pending" : "done")])
        }
        let times = try await peer.batch(writes)
        #expect(times.count == 500)
        #expect(Set(times).count == 1, "one commit, one update time")

        let pending = try await peer.query(
            PeerQuery(
                collection: collection,
                filters: [("status", "==", .string("pending"))],
                orders: [("n", true)],
                limit: 3
            )
        )
        #expect(pending.map(\.id) == ["d498", "d496", "d494"])
        #expect(pending.allSatisfy { $0.updateTime == times[0] })
        await peer.stop()
    }

    @Test func randomOpsEndWhereTheyReportAndRewritesKeepTheUpdateTime() async throws {
        let peer = try await Peer()
        let collection = TestEnvironment.uniqueCollection("peer")
        let result = try await peer.randomOps(RandomOpsRequest(seed: 7, count: 40, collection: collection, ids: 5))
        #expect(result.ops.count == 40)
        #expect(Set(result.ops.map(\.kind)) == ["create", "update", "rewrite", "delete", "status"])
        let documents = try await peer.query(PeerQuery(collection: collection))
        #expect(
            Dictionary(uniqueKeysWithValues: documents.map { ("\(collection)/\($0.id)", $0.fields) }) == result.final)

        var lastUpdate: [String: Timestamp] = [:]
        for op in result.ops {
            if op.kind == "rewrite" {
                #expect(op.updateTime == lastUpdate[op.path], "a no-op write keeps the update time")
            }
            lastUpdate[op.path] = op.updateTime
        }
        await peer.stop()
    }

    @Test func officialListenerSeesTheWrites() async throws {
        let peer = try await Peer()
        let collection = TestEnvironment.uniqueCollection("peer")
        let listener = try await peer.listen(
            PeerQuery(collection: collection, filters: [("status", "==", .string("pending"))])
        )
        let initial = try await peer.nextSnapshot(listener: listener, timeout: .seconds(20))
        #expect(initial.documents.isEmpty)

        try await peer.set("\(collection)/a", ["status": .string("pending")])
        let added = try await peer.nextSnapshot(listener: listener, timeout: .seconds(20))
        #expect(added.changes.map(\.kind) == ["added"])
        #expect(added.documents.map(\.id) == ["a"])

        try await peer.update("\(collection)/a", ["status": .value(.string("done"))])
        let removed = try await peer.nextSnapshot(listener: listener, timeout: .seconds(20))
        #expect(removed.changes.map(\.kind) == ["removed"])
        #expect(removed.documents.isEmpty)
        try await peer.unlisten(listener)
        await peer.stop()
    }
}
