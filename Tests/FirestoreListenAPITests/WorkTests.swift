import FirestoreListen
import Foundation
import Synchronization
import Testing

/// `Query.process` and `QueueWorker`, through the public API against the emulator.
@Suite struct WorkTests {
    /// What a run saw: the events, and the documents its body was given.
    final class Record: Sendable {
        let events = Mutex<[WorkEvent]>([])
        let bodies = Mutex<[String]>([])

        var confirmed: Int {
            events.withLock { $0.count { if case .confirmed = $0.kind { true } else { false } } }
        }
    }

    @Test func everyWaitingDocumentIsProcessedInQueryOrderAndConfirmed() async throws {
        let client = try EmulatorClient()
        for n in [3, 1, 2] { try await client.collection.document("d\(n)").setData(["status": "pending", "n": n]) }
        let record = Record()
        var options = WorkOptions()
        options.confirmData = ["status": "completed", "doneAt": FieldValue.serverTimestamp()]
        let pending = client.collection.whereField("status", isEqualTo: "pending").order(by: "n")
        let run = Task {
            try await pending.process(options: options) { event in
                record.events.withLock { $0.append(event) }
            } _: { document in
                record.bodies.withLock { $0.append("\(document.documentID) \(document.data()["n"] ?? "")") }
            }
        }
        try await APITest.until(.seconds(30), "three confirms") { record.confirmed == 3 }
        run.cancel()
        let summary = try await APITest.within(.seconds(10), "the run to end") { try await run.value }
        #expect(summary.confirmed == 3 && summary.processed == 3 && summary.failed == 0 && summary.claimed == 0)
        #expect(record.bodies.withLock { $0 } == ["d1 1", "d2 2", "d3 3"])
        for n in 1...3 {
            let fields = try await FieldsOf(client.collection.document("d\(n)"))
            #expect(fields["status"] == "completed" && fields["n"] == "\(n)" && fields["doneAt"] != nil)
        }
    }

    @Test func aBodyThatThrowsIsRetriedAndTheClaimIsRemovedByTheConfirm() async throws {
        let client = try EmulatorClient()
        let document = client.collection.document("t1")
        try await document.setData(["status": "pending", "text": "hello"])
        let record = Record()
        struct Flaky: Error {}
        var options = WorkOptions()
        options.claim = WorkClaim(workerID: "api-worker")
        options.retryDelay = .milliseconds(50)
        let worker = try QueueWorker(
            query: client.collection.whereField("status", isEqualTo: "pending"), options: options)
        let run = Task {
            try await worker.run { event in
                record.events.withLock { $0.append(event) }
            } _: { document in
                let attempts = record.bodies.withLock { bodies in
                    bodies.append(document.get("claimedBy") as? String ?? "unclaimed")
                    return bodies.count
                }
                if attempts == 1 { throw Flaky() }
            }
        }
        try await APITest.until(.seconds(30), "the confirm") { record.confirmed == 1 }
        worker.stop()
        let summary = try await APITest.within(.seconds(10), "the run to end") { try await run.value }
        #expect(summary.processed == 2 && summary.confirmed == 1 && summary.claimed == 1)
        #expect(record.bodies.withLock { $0 } == ["api-worker", "api-worker"])
        let fields = try await FieldsOf(document)
        #expect(fields == ["status": "completed", "text": "hello"])
        let processed = record.events.withLock { events in
            events.compactMap { event -> Bool? in
                if case .processed(_, _, let error) = event.kind { error == nil } else { nil }
            }
        }
        #expect(processed == [false, true])
    }

    @Test func optionsThatCannotWorkAreInvalidArguments() throws {
        let client = try EmulatorClient()
        var options = WorkOptions()
        options.claim = WorkClaim(workerID: "w")
        options.confirmData = ["claimedBy": "x"]
        #expect(throws: FirestoreErrorCode.self) { try QueueWorker(query: client.collection, options: options) }
        options = WorkOptions()
        options.maxAttempts = 0
        #expect(throws: FirestoreErrorCode.self) { try QueueWorker(query: client.collection, options: options) }
    }
}
