import FirestoreListen
import Foundation
import Testing

/// A listener given a state store resumes after a restart of the program and reports exactly what changed
/// while it was stopped.
@Suite(.startsProcesses) struct StateStoreTests {
    private let collection = TestEnvironment.uniqueCollection("store")

    private func temporaryStore() -> ListenStateStore {
        ListenStateStore(path: FileManager.default.temporaryDirectory.appending(path: "store-\(UUID()).sqlite").path)
    }

    /// The first snapshot of a listener on a new client (a restarted program), saved to `store`.
    private func firstSnapshot(_ store: ListenStateStore, of query: (Firestore) -> Query) async throws
        -> QuerySnapshot
    {
        let query = query(try APITest.client())
        return try await APITest.within(.seconds(30), "the first snapshot") {
            var iterator = query.snapshots(stateStore: store).makeAsyncIterator()
            let first = try #require(try await iterator.next())
            // Asking for the next one saves this one, even when the asking task is cancelled at once.
            let next = Task { try await iterator.next() }
            next.cancel()
            _ = try? await next.value
            return first
        }
    }

    private func firstSnapshot(_ store: ListenStateStore) async throws -> QuerySnapshot {
        let collection = collection
        return try await firstSnapshot(store) { $0.collection(collection).order(by: "n") }
    }

    @Test func aRestartedListenerGetsExactlyWhatChangedWhileItWasStopped() async throws {
        let peer = try await Peer()
        defer { Task { await peer.stop() } }
        for (id, n) in [("a", Int64(1)), ("b", 2), ("c", 3)] {
            try await peer.set("\(collection)/\(id)", ["n": .integer(n)])
        }
        let store = temporaryStore()
        defer { try? FileManager.default.removeItem(atPath: store.path) }

        // The first run sees everything; a snapshot is saved once it was delivered: when the next is asked for.
        let first = try await APITest.within(.seconds(30), "the first run") {
            let db = try APITest.client()
            var iterator = db.collection(collection).order(by: "n").snapshots(stateStore: store).makeAsyncIterator()
            let first = try #require(try await iterator.next())
            // Asking for the next snapshot saves the first; a write makes one come.
            try await peer.set("\(collection)/d", ["n": .integer(4)])
            let second = try #require(try await iterator.next())
            return (first, second)
        }
        #expect(first.0.metadata.isInitial && first.0.count == 3)
        #expect(describe(first.1) == "[a,b,c,d] added d -→3")

        // Stopped after the second snapshot, which was delivered but not saved: it comes again.
        try await peer.set("\(collection)/a", ["n": .integer(5)])
        try await peer.delete("\(collection)/b")
        let resumed = try await APITest.within(.seconds(30), "the second run") {
            for try await snapshot in try APITest.client().collection(collection).order(by: "n")
                .snapshots(stateStore: store)
            {
                return snapshot
            }
            throw APITest.Timeout(description: "the listener ended")
        }
        #expect(!resumed.metadata.isInitial)
        #expect(resumed.metadata.isResumed)
        #expect(describe(resumed) == "[c,d,a] removed b 1→-; added d -→2; modified a 0→2")

        // Nothing changed since: the next restart reports no change at all.
        let unchanged = try await firstSnapshot(store)
        #expect(describe(unchanged) == "[c,d,a] removed b 1→-; added d -→2; modified a 0→2")
        let after = try await firstSnapshot(store)
        #expect(describe(after) == "[c,d,a] ")
        #expect(!after.metadata.isInitial && after.metadata.isResumed)
    }

    @Test func aStoreOfAnotherQueryFailsTheListenerUnlessItIsReset() async throws {
        let store = temporaryStore()
        defer { try? FileManager.default.removeItem(atPath: store.path) }
        _ = try await firstSnapshot(store)
        let collection = collection
        let other = try APITest.client().collection(collection).whereField("n", isGreaterThan: 1)
        let refusal = try await APITest.within(.seconds(30), "the refusal") {
            do {
                for try await _ in other.snapshots(stateStore: store) {}
                return "the listener ended without an error"
            } catch let error as FirestoreErrorCode {
                return error.code == .failedPrecondition ? "refused" : "\(error)"
            }
        }
        #expect(refusal == "refused")
        let fresh = try await firstSnapshot(ListenStateStore(path: store.path, reset: true)) {
            $0.collection(collection).whereField("n", isGreaterThan: 1)
        }
        #expect(fresh.metadata.isInitial)
    }

    @Test func aSecondListenerOnTheSameStoreIsRefusedWhileTheFirstListens() async throws {
        let store = temporaryStore()
        defer { try? FileManager.default.removeItem(atPath: store.path) }
        let collection = collection
        let outcome = try await APITest.within(.seconds(30), "two listeners") {
            let query = try APITest.client().collection(collection).order(by: "n")
            var first = query.snapshots(stateStore: store).makeAsyncIterator()
            _ = try #require(try await first.next())
            var refusal = "the second listener was not refused"
            do {
                for try await _ in query.snapshots(stateStore: store) { break }
            } catch let error as FirestoreErrorCode {
                refusal = "\(error.code == .failedPrecondition) \(error.message)"
            }
            _ = first
            return refusal
        }
        #expect(outcome == "true the state file '\(store.path)' is in use by another listener")
        // The first listener is gone with its iterator: its file is free again (and holds nothing: the first
        // listener's snapshot was delivered but not yet saved).
        #expect(try await firstSnapshot(store).metadata.isInitial)
    }
}
