import FirestoreListen
import Foundation
import Testing

/// Listeners as a program that imports the library uses them, against the emulator, with Google's official
/// Python client writing the documents.
@Suite(.startsProcesses) struct ListenerTests {
    private let collection = TestEnvironment.uniqueCollection("listeners")

    @Test func addSnapshotListenerDeliversTheSameSnapshotsAsSnapshots() async throws {
        let peer = try await Peer()
        defer { Task { await peer.stop() } }
        try await peer.set("\(collection)/a", ["n": .integer(1)])
        try await peer.set("\(collection)/b", ["n": .integer(2)])
        let db = try APITest.client()
        let query = db.collection(collection)

        let fromSequence = Inbox<String>()
        let consumer = Task {
            for try await snapshot in query.snapshots() { fromSequence.put(describe(snapshot)) }
        }
        defer { consumer.cancel() }
        let fromCallback = Inbox<String>()
        let registration = query.addSnapshotListener { snapshot, error in
            fromCallback.put(snapshot.map(describe) ?? "error \(String(describing: error))")
        }
        defer { registration.remove() }

        let initial = "[a,b] added a -→0; added b -→1"
        #expect(try await fromSequence.next() == initial)
        #expect(try await fromCallback.next() == initial)
        let writes: [(String, @Sendable () async throws -> Void)] = [
            ("[a,b,c] added c -→2", { try await peer.set("\(collection)/c", ["n": .integer(3)]) }),
            ("[a,b,c] modified a 0→0", { try await peer.set("\(collection)/a", ["n": .integer(10)]) }),
            ("[a,c] removed b 1→-", { try await peer.delete("\(collection)/b") }),
        ]
        for (expected, write) in writes {
            try await write()
            let (sequence, callback) = (try await fromSequence.next(), try await fromCallback.next())
            #expect(sequence == expected)
            #expect(callback == sequence)
        }
        #expect(await db.listenStreamsOpened == 1)
    }

    @Test func cancellingTheTaskEndsTheSequenceAndRemovesTheTarget() async throws {
        let db = try APITest.client()
        let seen = Inbox<Int>()
        let consumer = Task {
            var count = 0
            for try await snapshot in db.collection(collection).snapshots() {
                count += 1
                seen.put(snapshot.count)
            }
            return count
        }
        #expect(try await seen.next() == 0)
        #expect(await db.activeListenerCount == 1)
        consumer.cancel()
        let delivered = try await APITest.within(.seconds(10), "the end of the sequence") {
            try await consumer.value
        }
        #expect(delivered == 1)
        try await APITest.until(.seconds(10), "the target leaves the stream") { await db.activeListenerCount == 0 }
    }

    @Test func removeStopsTheCallbacksAndRemovesTheTarget() async throws {
        let peer = try await Peer()
        defer { Task { await peer.stop() } }
        let db = try APITest.client()
        let reference = db.document("\(collection)/d")
        let seen = Inbox<Bool>()
        let registration = reference.addSnapshotListener { snapshot, _ in seen.put(snapshot?.exists ?? false) }
        #expect(try await seen.next() == false)
        try await peer.set("\(collection)/d", ["n": .integer(1)])
        #expect(try await seen.next() == true)
        registration.remove()
        try await APITest.until(.seconds(10), "the target leaves the stream") { await db.activeListenerCount == 0 }
        registration.remove()
    }

    @Test func threeListenersOnOneClientShareOneStream() async throws {
        let peer = try await Peer()
        defer { Task { await peer.stop() } }
        try await peer.set("\(collection)/x", ["n": .integer(1)])
        let db = try APITest.client()
        let first = Inbox<Int>()
        let second = Inbox<Int>()
        let third = Inbox<Bool>()
        let one = Task { for try await snapshot in db.collection(collection).snapshots() { first.put(snapshot.count) } }
        let two = db.collection(collection).addSnapshotListener { snapshot, _ in second.put(snapshot?.count ?? -1) }
        let three = Task {
            for try await snapshot in db.document("\(collection)/x").snapshots() { third.put(snapshot.exists) }
        }
        defer {
            one.cancel()
            two.remove()
            three.cancel()
        }
        #expect(try await first.next() == 1)
        #expect(try await second.next() == 1)
        #expect(try await third.next() == true)
        #expect(await db.activeListenerCount == 3)
        #expect(await db.listenStreamsOpened == 1)
    }
}
