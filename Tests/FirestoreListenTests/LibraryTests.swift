import FirestoreListen
import FirestoreWatch
import Foundation
import Testing

/// The Swift library: several targets on one stream, and a query replaced on the live stream.
@Suite(.startsProcesses) struct LibraryTests {
    private let collection = "library-" + UUID().uuidString.prefix(8).lowercased()

    private func query(_ connection: FirestoreConnection, status: String) -> TargetSpec {
        .query(
            Query(
                parent: connection.settings.documentsRoot,
                collectionID: collection,
                filters: [QueryFilter(field: FieldPath(["status"]), op: .equal, value: .string(status))]
            )
        )
    }

    /// Collects snapshots by target id until `done` says stop, failing after a timeout.
    private func snapshots(
        _ events: inout ListenEvents.AsyncIterator,
        until done: ([ViewSnapshot]) -> Bool
    ) async throws -> [ViewSnapshot] {
        var seen: [ViewSnapshot] = []
        let deadline = Task {
            try await Task.sleep(for: .seconds(20))
            Issue.record("no snapshot came within 20 s")
        }
        defer { deadline.cancel() }
        while !done(seen), let event = try await events.next() {
            if case .snapshot(let snapshot, _) = event { seen.append(snapshot) }
            if case .reconnecting(_, _, let status) = event { Issue.record("the stream broke: \(status)") }
        }
        return seen
    }

    @Test func twoTargetsShareOneStreamAndAQueryIsReplacedWithoutReconnecting() async throws {
        let peer = try await Peer()
        defer { Task { await peer.stop() } }
        let connection = try TestEnvironment.emulatorConnection()
        let root = connection.settings.documentsRoot
        try await peer.set("\(collection)/p", ["status": .string("pending")])
        try await peer.set("\(collection)/d", ["status": .string("done")])
        let session = ListenSession(
            transport: connection,
            targets: [
                ListenTarget(id: 1, spec: query(connection, status: "pending")),
                ListenTarget(id: 2, spec: .documents([root + "/\(collection)/d"])),
            ],
            databaseName: connection.settings.databaseName
        )
        var events = session.events().makeAsyncIterator()
        let initial = try await snapshots(&events) { Set($0.map(\.targetID)) == [1, 2] }
        #expect(initial.first { $0.targetID == 1 }?.documents.map(\.id) == ["p"])
        #expect(initial.first { $0.targetID == 2 }?.documents.map(\.id) == ["d"])

        try await peer.set("\(collection)/d", ["status": .string("done"), "n": .integer(1)])
        let changed = try await snapshots(&events) { !$0.isEmpty }
        #expect(changed.map(\.targetID) == [2])
        #expect(changed.first?.changes.map(\.kind) == [.modified])

        let replaced = try await session.replaceTarget(1, with: query(connection, status: "done"))
        let fresh = try await snapshots(&events) { $0.contains { $0.targetID == replaced } }
        let snapshot = try #require(fresh.first { $0.targetID == replaced })
        #expect(snapshot.initial)
        #expect(snapshot.documents.map(\.id) == ["d"])
        try await peer.set("\(collection)/p2", ["status": .string("pending")])
        try await peer.set("\(collection)/d2", ["status": .string("done")])
        let after = try await snapshots(&events) { $0.contains { $0.targetID == replaced } }
        #expect(after.allSatisfy { $0.targetID != 1 }, "the old query reports nothing any more")
        #expect(after.last?.changes.map(\.document.id) == ["d2"])
    }
}
