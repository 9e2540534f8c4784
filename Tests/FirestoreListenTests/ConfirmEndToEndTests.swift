import FirestoreWatch
import Foundation
import Testing

/// `firestore-listen confirm`, run as a process against the emulator, checked with Google's own client.
@Suite(.startsProcesses) struct ConfirmEndToEndTests {
    private let collection = "confirm-" + UUID().uuidString.prefix(8).lowercased()

    private func confirm(_ arguments: [String]) async throws -> CLIRun.Result {
        try await CLIRun(["confirm"] + arguments, environment: try TestEnvironment.cliEnvironment()).finish(
            timeout: .seconds(30))
    }

    @Test func setsStatusCompletedAndLeavesEverythingElse() async throws {
        let peer = try await Peer()
        defer { Task { await peer.stop() } }
        let fields: [String: FirestoreValue] = [
            "status": .string("pending"), "n": .integer(7), "nested": .map(["a": .array([.boolean(true)])]),
        ]
        let written = try await peer.set("\(collection)/t1", fields)
        let result = try await confirm(["\(collection)/t1"])
        #expect(result.exitCode == 0, "\(result.stderr)")
        let after = try #require(try await peer.get("\(collection)/t1"))
        var expected = fields
        expected["status"] = .string("completed")
        #expect(after.fields == expected)
        #expect(after.updateTime > written)
        #expect(result.stdoutLines == [after.updateTime.rfc3339])
    }

    @Test func aMissingDocumentIsNotFoundAndStaysMissing() async throws {
        let peer = try await Peer()
        defer { Task { await peer.stop() } }
        let result = try await confirm(["\(collection)/missing"])
        #expect(result.exitCode == 1)
        #expect(result.stderr.hasPrefix("firestore-listen: NOT_FOUND: "))
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(try await peer.get("\(collection)/missing") == nil)
    }

    @Test func aStaleUpdateTimeIsFailedPreconditionAndChangesNothing() async throws {
        let peer = try await Peer()
        defer { Task { await peer.stop() } }
        let first = try await peer.set("\(collection)/t2", ["status": .string("pending")])
        let second = try await peer.set("\(collection)/t2", ["status": .string("pending"), "seen": .integer(2)])
        let stale = try await confirm(["\(collection)/t2", "--if-update-time", first.rfc3339])
        #expect(stale.exitCode == 1)
        #expect(stale.stderr.hasPrefix("firestore-listen: FAILED_PRECONDITION: "))
        let unchanged = try #require(try await peer.get("\(collection)/t2"))
        #expect(unchanged.updateTime == second)
        #expect(unchanged.fields["status"] == .string("pending"))

        let fresh = try await confirm([
            "\(collection)/t2", "--if-update-time", second.rfc3339, "--set", "status=done", "--server-time", "at",
        ])
        #expect(fresh.exitCode == 0, "\(fresh.stderr)")
        let confirmed = try #require(try await peer.get("\(collection)/t2"))
        #expect(confirmed.fields["status"] == .string("done"))
        #expect(confirmed.fields["seen"] == .integer(2))
        guard case .timestamp(let at) = confirmed.fields["at"] else {
            Issue.record("the server time was not set: \(String(describing: confirmed.fields["at"]))")
            return
        }
        #expect(abs(at.seconds - confirmed.updateTime.seconds) <= 1)
    }

    @Test func aWriteThatChangesNothingKeepsTheOldUpdateTime() async throws {
        let peer = try await Peer()
        defer { Task { await peer.stop() } }
        let written = try await peer.set("\(collection)/t3", ["status": .string("completed")])
        let result = try await confirm(["\(collection)/t3"])
        #expect(result.exitCode == 0)
        #expect(result.stdoutLines == [written.rfc3339])
    }

    @Test(arguments: [
        ["confirm"], ["confirm", "c"], ["confirm", "c/d", "--set", "=x"], ["confirm", "c/d", "--bogus"],
    ])
    func badUsageExitsTwoWithOneLineAndAPointer(arguments: [String]) async throws {
        let result = try await CLIRun(arguments, environment: try TestEnvironment.cliEnvironment()).finish()
        #expect(result.exitCode == 2)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.first?.hasPrefix("Error: ") == true)
        #expect(lines.last == "  See 'firestore-listen confirm --help' for more information.")
        #expect(result.stdoutLines.isEmpty)
    }
}
