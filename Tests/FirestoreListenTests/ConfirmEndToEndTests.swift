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
        #expect(result.stderr == "firestore-listen: NOT_FOUND: not found: \(collection)/missing\n")
        #expect(try await peer.get("\(collection)/missing") == nil)
    }

    @Test func aStaleUpdateTimeIsFailedPreconditionAndChangesNothing() async throws {
        let peer = try await Peer()
        defer { Task { await peer.stop() } }
        let first = try await peer.set("\(collection)/t2", ["status": .string("pending")])
        let second = try await peer.set("\(collection)/t2", ["status": .string("pending"), "seen": .integer(2)])
        let stale = try await confirm(["\(collection)/t2", "--if-update-time", first.rfc3339])
        #expect(stale.exitCode == 1)
        #expect(
            stale.stderr
                == "firestore-listen: FAILED_PRECONDITION: changed since \(first.rfc3339) (now \(second.rfc3339)): \(collection)/t2\n"
        )
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

    @Test func aStaleUpdateTimeOfADeletedDocumentSaysDeleted() async throws {
        let peer = try await Peer()
        defer { Task { await peer.stop() } }
        let seen = try await peer.set("\(collection)/gone", ["status": .string("pending")])
        try await peer.delete("\(collection)/gone")
        let result = try await confirm(["\(collection)/gone", "--if-update-time", seen.rfc3339])
        #expect(result.exitCode == 1)
        #expect(
            result.stderr
                == "firestore-listen: FAILED_PRECONDITION: deleted since \(seen.rfc3339): \(collection)/gone\n")
    }

    /// Starts `confirm` through a proxy that blackholes its connection, so that the Commit never gets an
    /// answer, and waits until the proxy holds that connection.
    private func confirmThatHangs(_ arguments: [String], proxy: FaultProxy) async throws -> CLIRun {
        try await proxy.setBlackhole(true)
        let run = try CLIRun(
            ["confirm"] + arguments + ["--host", proxy.address, "--emulator"],
            environment: try TestEnvironment.cliEnvironment())
        let deadline = ContinuousClock.now + .seconds(20)
        while try await proxy.stats().blackholed == 0 {
            guard ContinuousClock.now < deadline else {
                throw ToolError(tool: "proxy", problem: "no connection", stderr: run.stderr)
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        return run
    }

    @Test func aConfirmInterruptedMidCallFailsAndReadsTheDocumentBack() async throws {
        let proxy = try await FaultProxy(upstream: try TestEnvironment.emulatorHost())
        let peer = try await Peer()
        defer {
            Task {
                await peer.stop(); await proxy.stop()
            }
        }
        let seen = try await peer.set("\(collection)/t4", ["status": .string("pending")])
        let run = try await confirmThatHangs(["\(collection)/t4", "--if-update-time", seen.rfc3339], proxy: proxy)
        // The Commit's connection stays blackholed; the read-back's new connection goes through.
        try await proxy.setBlackhole(false)
        run.send(signal: SIGTERM)
        let result = try await run.finish(timeout: .seconds(30))
        #expect(result.exitCode == 1)
        #expect(
            result.stderr
                == "firestore-listen: CANCELLED: interrupted: the write had not happened when read back: "
                + "\(collection)/t4 is unchanged (update time \(seen.rfc3339))\n"
        )
        #expect(result.stdoutLines.isEmpty)
    }

    @Test func aConfirmInterruptedWhereNothingAnswersSaysTheOutcomeIsUnknown() async throws {
        let proxy = try await FaultProxy(upstream: try TestEnvironment.emulatorHost())
        defer { Task { await proxy.stop() } }
        let run = try await confirmThatHangs(["\(collection)/t5"], proxy: proxy)
        run.send(signal: SIGINT)
        let result = try await run.finish(timeout: .seconds(30))
        #expect(result.exitCode == 1)
        #expect(
            result.stderr.hasPrefix(
                "firestore-listen: CANCELLED: interrupted: the write may or may not have happened "
                    + "(cannot read \(collection)/t5 back: DEADLINE_EXCEEDED: "),
            "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
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
        ["confirm", "c/d", "--server-time", "status"], ["confirm", "c/d", "--set", "a=[1,"],
        ["confirm", "c/d", "--project", "bad project!"], ["confirm", "c/d", "--database", "Bad"],
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
