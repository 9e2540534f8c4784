import FirestoreWatch
import Foundation
import Testing

/// The emulator goes away for 20 s and comes back on the same port (empty: it keeps data in memory): the
/// listener retries without a busy loop, then recovers and reports the truth of the new server.
@Suite(.startsProcesses) struct EmulatorRestartTests {
    /// An emulator of this test's own, started by `Scripts/emulator` in its own process group.
    final class OwnEmulator {
        let host: String
        private let group: Int32

        /// Runs `Scripts/emulator [PORT]` and reads the two lines it prints.
        init(port: Int? = nil) async throws {
            let script = try ToolProcess(
                name: "Scripts/emulator",
                executable: TestEnvironment.repositoryRoot.appending(path: "Scripts/emulator"),
                arguments: port.map { [String($0)] } ?? []
            )
            let hostLine = try await script.nextLine(timeout: .seconds(90)) { $0.hasPrefix("FIRESTORE_EMULATOR_HOST=") }
            let groupLine = try await script.nextLine(timeout: .seconds(10)) { $0.hasPrefix("EMULATOR_PGID=") }
            _ = try await script.waitForExit(timeout: .seconds(10))
            guard let group = Int32(groupLine.dropFirst("EMULATOR_PGID=".count)) else {
                throw ToolError(tool: "Scripts/emulator", problem: "no process group in '\(groupLine)'", stderr: "")
            }
            host = String(hostLine.dropFirst("FIRESTORE_EMULATOR_HOST=".count))
            self.group = group
        }

        var port: Int { Int(host.split(separator: ":").last ?? "") ?? 0 }

        func stop() {
            kill(-group, SIGKILL)
        }

        deinit {
            stop()
        }
    }

    /// User plus system CPU time of a process so far, from /proc.
    private func cpuTime(of pid: Int32) throws -> Duration {
        let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
        let fields = stat[stat.index(after: stat.lastIndex(of: ")")!)...].split(separator: " ")
        let ticks = (Int(fields[11]) ?? 0) + (Int(fields[12]) ?? 0)
        return .milliseconds(ticks * 10)
    }

    @Test func retriesQuietlyWhileTheEmulatorIsDownThenRecovers() async throws {
        var emulator = try await OwnEmulator()
        let port = emulator.port
        let project = "restart-project"
        let peer = try await Peer(project: project, emulatorHost: emulator.host)
        try await peer.set("queue/a", ["status": .string("pending")])
        let run = try CLIRun(
            ["watch", "queue", "--where", "status == pending", "--json"],
            environment: ["FIRESTORE_EMULATOR_HOST": emulator.host, "GOOGLE_CLOUD_PROJECT": project]
        )
        _ = try await run.waitForEvent("current", timeout: .seconds(30))
        await peer.stop()
        emulator.stop()
        _ = try await run.waitForEvent("reconnecting", timeout: .seconds(10))
        let before = try cpuTime(of: run.processIdentifier)
        try await Task.sleep(for: .seconds(20))
        let spent = try cpuTime(of: run.processIdentifier) - before
        print("CPU time of the listener during 20 s without a server: \(spent)")
        #expect(spent < .seconds(1), "no busy loop while waiting")
        let attempts = run.stdoutLines.filter { $0.contains("\"type\":\"reconnecting\"") }.count
        #expect(attempts >= 3 && attempts <= 20, "backoff between attempts (\(attempts) attempts)")

        emulator = try await OwnEmulator(port: port)
        let restarted = try await Peer(project: project, emulatorHost: emulator.host)
        defer { Task { await restarted.stop() } }
        try await restarted.set("queue/b", ["status": .string("pending")])
        let recovered = try await run.waitForLine(timeout: .seconds(90)) { line in
            line.contains("\"type\":\"snapshot\"") && line.contains("\"id\":\"b\"")
        }
        let snapshot = try JSONTree(parsing: recovered)
        let kinds = (snapshot["changes"]?.array ?? []).map { "\($0["kind"]?.string ?? "") \($0["id"]?.string ?? "")" }
        #expect(Set(kinds).isSubset(of: ["removed a", "added b"]) && kinds.contains("added b"))
        let result = await run.stop()
        #expect(result.exitCode == 0)
        _ = emulator
    }
}
