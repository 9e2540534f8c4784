import FirestoreWatch
import Foundation
import Testing

/// `firestore-listen watch --json`, run as a process against the emulator while Google's own client writes.
@Suite(.startsProcesses) struct WatchEndToEndTests {
    private let collection = "watch-" + UUID().uuidString.prefix(8).lowercased()

    private func watch(_ arguments: [String]) throws -> CLIRun {
        try CLIRun(["watch"] + arguments + ["--json"], environment: try TestEnvironment.cliEnvironment())
    }

    private func changes(_ snapshot: JSONTree) -> [String] {
        (snapshot["changes"]?.array ?? []).map {
            "\($0["kind"]?.string ?? "?") \($0["id"]?.string ?? "?") \($0["oldIndex"]?.int ?? -9) \($0["newIndex"]?.int ?? -9)"
        }
    }

    @Test func reportsAddsModificationsAndRemovalsOfAQueryOnce() async throws {
        let peer = try await Peer()
        defer { Task { await peer.stop() } }
        try await peer.set("\(collection)/a", ["status": .string("pending"), "n": .integer(1)])
        let run = try watch([collection, "--where", "status == pending", "--order-by", "n"])
        let initial = try await run.waitForEvent("snapshot")
        #expect(initial["initial"]?.bool == true)
        #expect(changes(initial) == ["added a -1 0"])

        try await peer.set("\(collection)/b", ["status": .string("pending"), "n": .integer(0)])
        #expect(changes(try await run.waitForEvent("snapshot")) == ["added b -1 0"])
        try await peer.set("\(collection)/b", ["status": .string("pending"), "n": .integer(0)])
        try await peer.set("\(collection)/other", ["status": .string("completed"), "n": .integer(5)])
        try await peer.set("\(collection)/a", ["status": .string("pending"), "n": .integer(-1)])
        let moved = try await run.waitForEvent("snapshot")
        #expect(changes(moved) == ["modified a 1 0"], "a no-op rewrite and a non-matching write report nothing")
        try await peer.update("\(collection)/b", ["status": .value(.string("completed"))])
        #expect(changes(try await run.waitForEvent("snapshot")) == ["removed b 1 -1"])
        let result = await run.stop()
        #expect(result.exitCode == 0, "SIGTERM is a clean stop")
        let snapshots = try result.events().filter { $0["type"]?.string == "snapshot" }
        #expect(snapshots.count == 4, "\(result.stdoutLines)")
    }

    @Test func aBurstOfFiveHundredWritesInOneCommitIsOneSnapshot() async throws {
        let peer = try await Peer()
        defer { Task { await peer.stop() } }
        let run = try watch([collection, "--max-events", "2"])
        _ = try await run.waitForEvent("snapshot")
        try await peer.batch((0..<500).map { .set("\(collection)/d\($0)", ["i": .integer(Int64($0))]) })
        let burst = try await run.waitForEvent("snapshot", timeout: .seconds(30))
        #expect(burst["size"]?.int == 500)
        #expect(burst["changes"]?.array?.count == 500)
        let result = try await run.finish(timeout: .seconds(10))
        #expect(result.exitCode == 0, "--max-events 2 stops cleanly")
    }

    @Test func aDocumentTargetReportsCreationChangeAndDeletion() async throws {
        let peer = try await Peer()
        defer { Task { await peer.stop() } }
        let run = try watch(["--document", "\(collection)/one", "--include-docs"])
        let initial = try await run.waitForEvent("snapshot")
        #expect(initial["size"]?.int == 0)
        try await peer.set("\(collection)/one", ["v": .integer(1)])
        #expect(changes(try await run.waitForEvent("snapshot")) == ["added one -1 0"])
        try await peer.set("\(collection)/one", ["v": .integer(2)])
        let modified = try await run.waitForEvent("snapshot")
        #expect(changes(modified) == ["modified one 0 0"])
        #expect(modified["docs"]?.array?.first?["fields"]?["v"]?.int == 2)
        try await peer.delete("\(collection)/one")
        #expect(changes(try await run.waitForEvent("snapshot")) == ["removed one 0 -1"])
        _ = await run.stop()
    }

    /// A shell command that prints whether SIGPIPE is ignored in it (bit 13 of `SigIgn` in /proc/self/status).
    private static let reportSIGPIPE =
        #"awk '/^SigIgn/ { d = index("0123456789abcdef", substr($2, 13, 1)) - 1; "#
        + #"print (d % 2 == 1 ? "SIGPIPE ignored" : "SIGPIPE default") }' /proc/self/status"#

    @Test func onceSkipInitialAndExecBehaveAsTheContractSays() async throws {
        let peer = try await Peer()
        defer { Task { await peer.stop() } }
        try await peer.set("\(collection)/x", ["n": .integer(1)])
        let once = try await watch([collection, "--once"]).finish(timeout: .seconds(20))
        #expect(once.exitCode == 0)
        #expect(try once.events().map { $0["type"]?.string } == ["listening", "current", "snapshot"])

        let log = FileManager.default.temporaryDirectory.appending(path: "exec-\(collection).log")
        defer { try? FileManager.default.removeItem(at: log) }
        let run = try watch([
            collection, "--skip-initial", "--max-events", "1",
            "--exec",
            """
            echo "exec says hello"; \
            { echo "$FIRESTORE_CHANGE $FIRESTORE_DOC_ID $FIRESTORE_DOC_PATH"; cat; \(Self.reportSIGPIPE); } \
            >> '\(log.path)'; exit 3
            """,
        ])
        _ = try await run.waitForEvent("current")
        try await peer.set("\(collection)/y", ["n": .integer(2)])
        let result = try await run.finish(timeout: .seconds(20))
        #expect(result.exitCode == 0, "a failing --exec never stops the listener: \(result.stderr)")
        let snapshots = try result.events().filter { $0["type"]?.string == "snapshot" }
        #expect(snapshots.count == 1)
        #expect(snapshots.first.map(changes) == ["added y -1 1"])
        let lines = try String(contentsOf: log, encoding: .utf8).split(separator: "\n")
        #expect(lines.first == "added y \(collection)/y")
        #expect(lines.count == 3 && lines[1].contains("\"fields\":{\"n\":2}"))
        #expect(lines.last == "SIGPIPE default", "the command's SIGPIPE is not left ignored")
        #expect(result.stderr.contains("--exec exited with status 3"))
        #expect(result.stderr.contains("exec says hello"), "the command's output goes to standard error")
    }
}
