import FirestoreWatch
import Foundation
import Testing

/// The `--state` file under the built CLI: a file deleted while listening, a write the disk refuses, two
/// listeners on one file, a database of another program. A snapshot that cannot be saved is printed, then
/// the listener ends with one line and exit 1; the next start reports that snapshot again.
@Suite(.serialized, .startsProcesses) struct StateFileEndToEndTests {
    private let collection = TestEnvironment.uniqueCollection("statefile")
    private let state = FileManager.default.temporaryDirectory.appending(path: "e2e-\(UUID()).db").path

    private func listen(_ extra: [String] = [], fileSizeLimit: Int? = nil) throws -> CLIRun {
        try CLIRun(
            ["watch", collection, "--json", "--state", state] + extra,
            environment: try TestEnvironment.cliEnvironment(),
            fileSizeLimit: fileSizeLimit
        )
    }

    private func removeState() {
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: state + suffix) }
    }

    /// The last snapshot event of `lines`.
    private func lastSnapshot(_ lines: [String]) throws -> JSONTree {
        try #require(try lines.map(JSONTree.init(parsing:)).last { $0["type"]?.string == "snapshot" }, "\(lines)")
    }

    /// The ids of the documents the last snapshot of `lines` reports added.
    private func added(_ lines: [String]) throws -> [String] {
        try (lastSnapshot(lines)["changes"]?.array ?? []).filter { $0["kind"]?.string == "added" }.compactMap {
            $0["id"]?.string
        }
    }

    private func expectOneLine(_ stderr: String, containing text: String) {
        #expect(stderr.hasPrefix("firestore-listen: FAILED_PRECONDITION: "), "\(stderr)")
        #expect(stderr.contains(text), "\(stderr)")
        #expect(stderr.split(separator: "\n").count == 1, "\(stderr)")
    }

    @Test func aStateFileDeletedWhileListeningEndsTheListenerAtTheSnapshotItCouldNotSave() async throws {
        defer { removeState() }
        let peer = try await Peer()
        defer { Task { await peer.stop() } }
        let run = try listen()
        _ = try await run.waitForEvent("snapshot", timeout: .seconds(20))
        removeState()
        try await peer.set("\(collection)/a", ["n": .integer(1)])
        let result = try await run.finish(timeout: .seconds(20))
        #expect(result.exitCode == 1)
        expectOneLine(result.stderr, containing: "the state file '\(state)' was deleted while in use")
        #expect(try added(result.stdoutLines) == ["a"], "printed before the save that failed")
        #expect(try JSONTree(parsing: try #require(result.stdoutLines.last))["type"]?.string == "error")
    }

    /// A full disk stand-in: without root no small file system can be mounted, so RLIMIT_FSIZE makes the
    /// write fail (EFBIG where a full disk gives ENOSPC; SQLite reports both as a failed write).
    @Test func aWriteTheDiskRefusesEndsTheListenerAndTheNextStartReportsTheSnapshotAgain() async throws {
        defer { removeState() }
        let peer = try await Peer()
        defer { Task { await peer.stop() } }
        let run = try listen(fileSizeLimit: 128)
        _ = try await run.waitForEvent("snapshot", timeout: .seconds(20))
        try await peer.set("\(collection)/big", ["text": .string(String(repeating: "x", count: 300_000))])
        let result = try await run.finish(timeout: .seconds(20))
        #expect(result.exitCode == 1)
        expectOneLine(result.stderr, containing: "cannot save to '\(state)'")
        #expect(result.stderr.contains("is not saved"))
        #expect(try added(result.stdoutLines) == ["big"])

        let again = try await listen(["--once"]).finish(timeout: .seconds(20))
        #expect(again.exitCode == 0, "\(again.stderr)")
        #expect(try lastSnapshot(again.stdoutLines)["initial"]?.bool == false)
        #expect(
            try added(again.stdoutLines) == ["big"], "the snapshot not saved is reported again: \(again.stdoutLines)")
    }

    @Test func aSecondListenerOnTheSameStateFileIsRefusedUntilTheFirstIsKilled() async throws {
        defer { removeState() }
        let first = try listen()
        _ = try await first.waitForEvent("snapshot", timeout: .seconds(20))
        let second = try await listen(["--once"]).finish(timeout: .seconds(10))
        #expect(second.exitCode == 1)
        expectOneLine(second.stderr, containing: "the state file '\(state)' is in use by another listener")
        #expect(second.stdoutLines.count == 1, "only the error line: \(second.stdoutLines)")
        first.send(signal: SIGKILL)
        _ = try await first.finish(timeout: .seconds(10))
        // The kernel released the lock of the killed process.
        let third = try await listen(["--once"]).finish(timeout: .seconds(20))
        #expect(third.exitCode == 0, "\(third.stderr)")
    }

    @Test func aDatabaseOfAnotherProgramIsRefusedAndLeftUnchanged() async throws {
        defer { removeState() }
        // A minimal SQLite database of someone else: one page holding one table.
        let sqlite = Process()
        sqlite.executableURL = try TestEnvironment.python()
        sqlite.arguments = [
            "-c", "import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); c.execute('create table notes(x)'); c.commit()",
            state,
        ]
        try sqlite.run()
        sqlite.waitUntilExit()
        let before = try Data(contentsOf: URL(filePath: state))
        #expect(!before.isEmpty)
        let run = try await listen(["--once"]).finish(timeout: .seconds(20))
        #expect(run.exitCode == 1)
        expectOneLine(run.stderr, containing: "'\(state)' is not a state file")
        #expect(try Data(contentsOf: URL(filePath: state)) == before)
    }
}
