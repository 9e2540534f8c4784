import FirestoreWatch
import Foundation
import Testing

/// `firestore-listen work`, run as processes against the emulator, with Google's own client writing the
/// queue and reading the outcome back.
@Suite(.startsProcesses) struct WorkEndToEndTests {
    private let collection = TestEnvironment.uniqueCollection("work")
    /// A directory of this test's files: the commands' log, the release flag.
    private let directory: URL = {
        let url = FileManager.default.temporaryDirectory.appending(path: "work-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }()
    private var log: String { directory.appending(path: "runs.log").path }

    private func work(_ arguments: [String]) throws -> CLIRun {
        try CLIRun(["work", collection, "--json"] + arguments, environment: try TestEnvironment.cliEnvironment())
    }

    /// The lines the commands appended to the log: `ID UPDATE_TIME WORKER`.
    private func runs() -> [[Substring]] {
        let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map { $0.split(separator: " ") }
    }

    private func appendRun(_ worker: String) -> String {
        "echo \"$FIRESTORE_DOC_ID $FIRESTORE_UPDATE_TIME \(worker)\" >> '\(log)'"
    }

    private func documents(_ peer: Peer, status: String? = nil) async throws -> [Document] {
        var query = PeerQuery(collection: collection)
        if let status { query.filters = [("status", "==", .string(status))] }
        return try await peer.query(query)
    }

    /// Waits, reading back with the official client every 200 ms, until `count` documents are completed.
    private func waitForCompleted(_ count: Int, _ peer: Peer, timeout: Duration) async throws {
        let deadline = ContinuousClock.now + timeout
        var completed = 0
        while completed < count {
            completed = try await documents(peer, status: "completed").count
            guard ContinuousClock.now < deadline else {
                throw DeadlineExceeded(description: "\(completed) of \(count) completed within \(timeout)")
            }
            if completed < count { try await Task.sleep(for: .milliseconds(200)) }
        }
    }

    private func pending(_ ids: Range<Int>) -> [PeerWrite] {
        ids.map {
            .set(
                "\(collection)/d\($0)",
                ["status": .string("pending"), "n": .integer(Int64($0)), "text": .string("t\($0)")])
        }
    }

    /// Every document completed, with its other fields untouched and no claim left.
    private func expectAllCompleted(_ peer: Peer, count: Int) async throws {
        let all = try await documents(peer)
        #expect(all.count == count)
        for document in all {
            let n = Int64(document.id.dropFirst())!
            #expect(
                document.fields == ["status": .string("completed"), "n": .integer(n), "text": .string("t\(n)")],
                "\(document.id)")
        }
    }

    @Test func oneWorkerRunsEachVersionOnceAndCompletesEveryDocument() async throws {
        let peer = try await Peer()
        defer { Task { await peer.stop() } }
        for start in stride(from: 0, to: 100, by: 25) { try await peer.batch(pending(start..<start + 25)) }
        let worker = try work(["--where", "status==pending", "--exec", appendRun("w")])
        try await worker.waitForEvent("confirmed")
        for start in stride(from: 100, to: 200, by: 10) { try await peer.batch(pending(start..<start + 10)) }
        try await waitForCompleted(200, peer, timeout: .seconds(60))
        let result = await worker.stop()
        #expect(result.exitCode == 0, "\(result.stderr)")
        let summary = try #require(try result.events().last)
        #expect(summary["type"]?.string == "summary" && summary["confirmed"]?.number == 200)
        let runs = runs()
        #expect(runs.count == 200)
        #expect(Set(runs.map { $0[0] }).count == 200)
        try await expectAllCompleted(peer, count: 200)
    }

    @Test func threeClaimingWorkersOneKilledCompleteEveryDocumentOnce() async throws {
        let peer = try await Peer()
        defer { Task { await peer.stop() } }
        let names = ["wa", "wb", "wc"]
        var workers: [CLIRun] = []
        for name in names {
            workers.append(
                try work([
                    "--where", "status==pending", "--claim", name, "--claim-timeout", "3s", "--exec", appendRun(name),
                ]))
        }
        // 300 documents in commits of 1 to 10, at random moments; the first worker is killed a third in.
        var generator = SystemRandomNumberGenerator()
        var written = 0
        var killed = false
        while written < 300 {
            let size = min(Int.random(in: 1...10, using: &generator), 300 - written)
            try await peer.batch(pending(written..<written + size))
            written += size
            if !killed, written >= 100 {
                try await waitUntil(timeout: .seconds(30), "the first worker to run commands") {
                    runs().contains { $0.last == "wa" }
                }
                workers[0].send(signal: SIGKILL)
                killed = true
            }
            try await Task.sleep(for: .milliseconds(Int.random(in: 0...40, using: &generator)))
        }
        try await waitForCompleted(300, peer, timeout: .seconds(90))
        for worker in workers.dropFirst() {
            let result = await worker.stop()
            #expect(result.exitCode == 0, "\(result.stderr)")
        }
        var byDocument: [Substring: [Substring]] = [:]
        for run in runs() { byDocument[run[0], default: []].append(run[2]) }
        #expect(byDocument.count == 300)
        for (id, runners) in byDocument where runners.count > 1 {
            // Only a document the killed worker ran (and could not confirm) runs again, once.
            #expect(runners.count == 2 && runners.filter { $0 == "wa" }.count == 1, "\(id): \(runners)")
        }
        try await expectAllCompleted(peer, count: 300)
    }

    @Test func aDocumentChangedWhileItsCommandRunsIsNotConfirmedOverTheChange() async throws {
        let peer = try await Peer()
        defer { Task { await peer.stop() } }
        try await peer.batch(pending(0..<2))
        let release = directory.appending(path: "release").path
        let worker = try work([
            "--where", "status==pending", "--concurrency", "2", "--exec",
            appendRun("w") + "; while [ ! -e '\(release)' ]; do sleep 0.05; done",
        ])
        try await waitUntil(timeout: .seconds(30), "both commands to start") { runs().count == 2 }
        // d0 is taken out of the queue by someone else; d1 changes and stays in it.
        try await peer.update("\(collection)/d0", ["status": .value(.string("cancelled"))])
        try await peer.update("\(collection)/d1", ["text": .value(.string("changed"))])
        FileManager.default.createFile(atPath: release, contents: nil)
        try await waitForCompleted(1, peer, timeout: .seconds(30))
        let result = await worker.stop()
        #expect(result.exitCode == 0, "\(result.stderr)")
        let events = try result.events()
        let skipped = events.filter { $0["type"]?.string == "skipped" }.compactMap { $0["id"]?.string }
        #expect(Set(skipped) == ["d0", "d1"])
        let d0 = try #require(try await peer.get("\(collection)/d0"))
        #expect(d0.fields["status"] == .string("cancelled"))
        let d1 = try #require(try await peer.get("\(collection)/d1"))
        #expect(d1.fields == ["status": .string("completed"), "n": .integer(1), "text": .string("changed")])
        // d1's new version ran once more; d0's did not match any more.
        #expect(runs().map { String($0[0]) }.sorted() == ["d0", "d1", "d1"])
    }

    @Test func aCommandThatAlwaysFailsGetsTheFailureFieldsAndTheRestGoOn() async throws {
        let peer = try await Peer()
        defer { Task { await peer.stop() } }
        try await peer.batch(pending(0..<6))
        let worker = try work([
            "--where", "status==pending", "--order-by", "n", "--max-attempts", "2", "--on-failure", "status=failed",
            "--on-failure", "reason=broken", "--exec", appendRun("w") + "; [ \"$FIRESTORE_DOC_ID\" != d0 ] || exit 3",
        ])
        try await waitForCompleted(5, peer, timeout: .seconds(40))
        let failed = try await worker.waitForEvent("failed")
        #expect(failed["id"]?.string == "d0" && failed["attempts"]?.number == 2 && failed["exitStatus"]?.number == 3)
        let result = await worker.stop()
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(result.stderr.contains("firestore-listen: error: \(collection)/d0: gave up after 2 attempts"))
        let d0 = try #require(try await peer.get("\(collection)/d0"))
        #expect(
            d0.fields == [
                "status": .string("failed"), "reason": .string("broken"), "n": .integer(0), "text": .string("t0"),
            ])
        #expect(runs().map { String($0[0]) } == ["d0", "d0", "d1", "d2", "d3", "d4", "d5"])
    }
}
