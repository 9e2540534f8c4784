import FirestoreListen
import Foundation
import Testing

/// `DecodingFailureStrategy` on a result with one document that does not decode, written by Google's official
/// Python client: `.ignore` keeps the others and reports that one, `.raise` throws its error; through a read,
/// a listener and a `LiveQuery`.
@Suite(.startsProcesses) struct DecodingStrategyTests {
    private let collection = TestEnvironment.uniqueCollection("decoding-strategy")

    struct Ticket: Decodable {
        @DocumentID var id: String?
        var number: Int
        var status: String
    }

    /// Writes `a` and `c`, which decode as `Ticket`s, and `b`, whose `number` is a string.
    private func writeTickets(_ peer: Peer) async throws {
        try await peer.batch([
            .set("\(collection)/a", ["number": .integer(1), "status": .string("pending")]),
            .set("\(collection)/b", ["number": .string("two"), "status": .string("pending")]),
            .set("\(collection)/c", ["number": .integer(3), "status": .string("done")]),
        ])
    }

    /// Checks that `error` is the error of `b`, naming its document and its field.
    private func checkMalformed(_ error: DocumentDecodingError?) {
        guard let error else {
            Issue.record("no error for \(collection)/b")
            return
        }
        #expect(error.documentPath == "\(collection)/b")
        #expect(error.fieldPath == "number")
        #expect(error.description == "\(collection)/b: field 'number': expected Int, found string")
        guard case .typeMismatch? = error.underlying as? DecodingError else {
            Issue.record("not a type mismatch: \(error.underlying)")
            return
        }
    }

    /// Checks that `decoded` holds `a` and `c`, and the error of `b`.
    private func checkIgnored(_ decoded: DecodedDocuments<Ticket>) {
        #expect(decoded.items.map(\.id) == ["a", "c"])
        #expect(decoded.items.map(\.number) == [1, 3])
        #expect(decoded.errors.count == 1)
        checkMalformed(decoded.errors.first)
    }

    /// Checks that `.raise`, and the default strategy, throw the error of `b`.
    private func checkRaised(_ snapshot: QuerySnapshot) {
        checkMalformed(
            raised { () throws(DocumentDecodingError) in
                try snapshot.documents(as: Ticket.self, decodingFailureStrategy: .raise)
            })
        checkMalformed(raised { () throws(DocumentDecodingError) in try snapshot.documents(as: Ticket.self) })
    }

    /// The error that `decode` throws, which it must.
    private func raised(_ decode: () throws(DocumentDecodingError) -> DecodedDocuments<Ticket>)
        -> DocumentDecodingError?
    {
        do {
            let decoded = try decode()
            Issue.record("decoded \(decoded.items.count) documents without an error")
            return nil
        } catch {
            return error
        }
    }

    @Test func getDocumentsKeepsWhatDecodesWithIgnoreAndThrowsWithRaise() async throws {
        let peer = try await Peer()
        defer { Task { await peer.stop() } }
        try await writeTickets(peer)
        let snapshot = try await APITest.client().collection(collection).getDocuments()
        #expect(snapshot.count == 3)
        checkIgnored(try snapshot.documents(as: Ticket.self, decodingFailureStrategy: .ignore))
        checkRaised(snapshot)
    }

    @Test func aListenersFirstSnapshotDecodesAsAReadDoes() async throws {
        let peer = try await Peer()
        defer { Task { await peer.stop() } }
        try await writeTickets(peer)
        let query = try APITest.client().collection(collection)
        let snapshot = try await APITest.within(.seconds(30), "the listener's first snapshot") {
            for try await snapshot in query.snapshots() { return snapshot }
            throw APITest.Timeout(description: "the snapshots ended before the first")
        }
        #expect(snapshot.count == 3)
        checkIgnored(try snapshot.documents(as: Ticket.self, decodingFailureStrategy: .ignore))
        checkRaised(snapshot)
    }

    @MainActor
    @Test func aLiveQueryWithIgnoreHasTheItemsThatDecodeAndTheDecodingErrors() async throws {
        let peer = try await Peer()
        defer { Task { await peer.stop() } }
        try await writeTickets(peer)
        let live = LiveQuery<Ticket>(
            collectionPath: collection,
            decodingFailureStrategy: .ignore,
            firestore: try APITest.client()
        )
        defer { live.stop() }
        try await APITest.until(.seconds(30), "the live query's first snapshot") { @MainActor in live.snapshot != nil }
        #expect(live.snapshot?.count == 3)
        #expect(live.items.count == 2)
        #expect(live.items.map(\.id) == ["a", "c"])
        #expect(live.decodingErrors.count == 1)
        checkMalformed(live.decodingErrors.first)
        #expect(live.error == nil)
    }

    @MainActor
    @Test func aLiveQueryWithRaiseSetsTheErrorAndKeepsNoItems() async throws {
        let peer = try await Peer()
        defer { Task { await peer.stop() } }
        try await writeTickets(peer)
        let live = LiveQuery<Ticket>(
            collectionPath: collection, decodingFailureStrategy: .raise, firestore: try APITest.client())
        defer { live.stop() }
        try await APITest.until(.seconds(30), "the live query's error") { @MainActor in live.error != nil }
        checkMalformed(live.error as? DocumentDecodingError)
        #expect(live.snapshot?.count == 3)
        #expect(live.items.isEmpty)
        #expect(live.decodingErrors.isEmpty)
    }
}
