import FirestoreListen
import Foundation
import Testing

/// `LiveQuery` beside the other listeners of one client, against the emulator, with Google's official Python
/// client writing the documents: every listener, and every change of predicates, rides the client's one
/// Listen stream.
@Suite(.startsProcesses) struct LiveQueryTests {
    private let collection = TestEnvironment.uniqueCollection("live-query")

    struct Ticket: Decodable {
        @DocumentID var id: String?
        var number: Int
        var status: String
    }

    /// Writes `p1` and `p2` (pending) and `d1` and `d2` (done).
    private func writeTickets(_ peer: Peer) async throws {
        try await peer.batch([
            .set("\(collection)/p1", ["number": .integer(1), "status": .string("pending")]),
            .set("\(collection)/p2", ["number": .integer(2), "status": .string("pending")]),
            .set("\(collection)/d1", ["number": .integer(3), "status": .string("done")]),
            .set("\(collection)/d2", ["number": .integer(4), "status": .string("done")]),
        ])
    }

    @MainActor
    @Test func threeListenersAndAPredicateChangeOpenExactlyOneListenStream() async throws {
        let peer = try await Peer()
        defer { Task { await peer.stop() } }
        try await writeTickets(peer)
        let db = try APITest.client()

        let counts = Inbox<Int>()
        let query = db.collection(collection).order(by: "number")
        let consumer = Task { for try await snapshot in query.snapshots() { counts.put(snapshot.count) } }
        defer { consumer.cancel() }
        let exists = Inbox<Bool>()
        let registration = db.document("\(collection)/p1").addSnapshotListener { snapshot, _ in
            exists.put(snapshot?.exists ?? false)
        }
        defer { registration.remove() }
        let live = LiveQuery<Ticket>(
            collectionPath: collection,
            predicates: [.whereField("status", isEqualTo: "pending")],
            firestore: db
        )
        defer { live.stop() }

        #expect(try await counts.next() == 4)
        #expect(try await exists.next() == true)
        try await APITest.until(.seconds(30), "the pending tickets") { @MainActor in live.snapshot != nil }
        #expect(live.items.map(\.id) == ["p1", "p2"])
        #expect(live.error == nil)

        live.predicates = [.whereField("status", isEqualTo: "done")]
        try await APITest.until(.seconds(30), "the done tickets") { @MainActor in
            live.items.map(\.id) == ["d1", "d2"]
        }
        #expect(live.items.map(\.status) == ["done", "done"])
        #expect(live.snapshot?.documents.map(\.documentID) == ["d1", "d2"])
        #expect(live.error == nil)
        #expect(await db.listenStreamsOpened == 1)
        #expect(await db.activeListenerCount == 3)
    }

    @MainActor
    @Test func stopTakesTheLiveQuerysTargetOffTheStream() async throws {
        let peer = try await Peer()
        defer { Task { await peer.stop() } }
        try await writeTickets(peer)
        let db = try APITest.client()
        let counts = Inbox<Int>()
        let query = db.collection(collection)
        let consumer = Task { for try await snapshot in query.snapshots() { counts.put(snapshot.count) } }
        defer { consumer.cancel() }
        let live = LiveQuery<Ticket>(collectionPath: collection, firestore: db)
        defer { live.stop() }
        #expect(try await counts.next() == 4)
        try await APITest.until(.seconds(30), "the live query's first snapshot") { @MainActor in live.snapshot != nil }
        #expect(live.items.count == 4)
        #expect(await db.activeListenerCount == 2)

        live.stop()
        try await APITest.until(.seconds(10), "the live query's target leaves the stream") {
            await db.activeListenerCount == 1
        }
        // The other listener sees a new ticket on the same stream; the stopped live query keeps its items.
        try await peer.set("\(collection)/p3", ["number": .integer(5), "status": .string("pending")])
        #expect(try await counts.next() == 5)
        #expect(live.items.count == 4)
        #expect(await db.listenStreamsOpened == 1)
    }

    @MainActor
    @Test func predicatesChangedBeforeTheFirstSnapshotAreTheOnesListenedTo() async throws {
        let peer = try await Peer()
        defer { Task { await peer.stop() } }
        try await writeTickets(peer)
        let db = try APITest.client()
        let live = LiveQuery<Ticket>(
            collectionPath: collection,
            predicates: [.whereField("status", isEqualTo: "pending")],
            firestore: db
        )
        defer { live.stop() }
        live.predicates = [.whereField("status", isEqualTo: "done"), .order(by: "number", descending: true)]
        try await APITest.until(.seconds(30), "the done tickets, last first") { @MainActor in
            live.items.map(\.id) == ["d2", "d1"]
        }
        #expect(live.error == nil)
        try await APITest.until(.seconds(10), "one target on the stream") { await db.activeListenerCount == 1 }
        #expect(await db.listenStreamsOpened == 1)
    }

    @MainActor
    @Test func predicateChangesInARowEndOnTheLastOneWithOneTarget() async throws {
        let peer = try await Peer()
        defer { Task { await peer.stop() } }
        try await writeTickets(peer)
        let db = try APITest.client()
        let live = LiveQuery<Ticket>(collectionPath: collection, predicates: [.order(by: "number")], firestore: db)
        defer { live.stop() }
        try await APITest.until(.seconds(30), "every ticket") { @MainActor in live.items.count == 4 }
        live.predicates = [.whereField("status", isEqualTo: "done")]
        live.predicates = [.order(by: "number"), .limit(toLast: 3)]
        live.predicates = [.whereField("status", isEqualTo: "pending"), .order(by: "number"), .limit(toLast: 1)]
        try await APITest.until(.seconds(30), "the last pending ticket") { @MainActor in
            live.items.map(\.id) == ["p2"]
        }
        // The target listened to is the last one's: a new last pending ticket replaces p2.
        try await peer.set("\(collection)/p3", ["number": .integer(5), "status": .string("pending")])
        try await APITest.until(.seconds(30), "the new last pending ticket") { @MainActor in
            live.items.map(\.id) == ["p3"]
        }
        #expect(live.error == nil)
        try await APITest.until(.seconds(10), "one target on the stream") { await db.activeListenerCount == 1 }
        #expect(await db.listenStreamsOpened == 1)
    }
}
