import Foundation

/// One run of the built `firestore-listen`: its stdout lines as they come, its stderr, its exit status.
///
/// The child gets a clean environment (`PATH`, `HOME`, `LANG`, `TMPDIR` of the tests, plus what the test
/// passes), so that an emulator variable or a project of the test machine never leaks into a run that
/// did not ask for it. Dropping the instance kills the process (`ToolProcess.deinit`).
final class CLIRun: Sendable {
    /// How a finished run ended, with everything it printed.
    struct Result: Sendable {
        var status: ToolProcess.ExitStatus
        var stdoutLines: [String]
        var stderr: String

        /// The exit code; nil when a signal killed the process.
        var exitCode: Int32? {
            guard case .exited(let code) = status else { return nil }
            return code
        }

        /// Every stdout line parsed as JSON (`--json` prints nothing else).
        func events() throws -> [JSONTree] {
            try stdoutLines.map { try JSONTree(parsing: $0) }
        }
    }

    private let process: ToolProcess

    /// Starts `firestore-listen` with `arguments`.
    ///
    /// - Parameter fileSizeLimit: KiB; when set, the CLI runs under `ulimit -f` (RLIMIT_FSIZE) with SIGXFSZ
    ///   ignored, so that a write past the limit fails with EFBIG, as a full disk fails one with ENOSPC.
    /// - Throws: `ToolError` when the binary is missing or does not start.
    init(_ arguments: [String], environment: [String: String] = [:], fileSizeLimit: Int? = nil) throws {
        let inherited = ProcessInfo.processInfo.environment
        var base: [String: String] = [:]
        for key in ["PATH", "HOME", "LANG", "TMPDIR"] { base[key] = inherited[key] }
        let binary = try TestEnvironment.cliBinary()
        let limited = fileSizeLimit.map { ["-c", "trap '' XFSZ; ulimit -f \($0); exec \"$0\" \"$@\"", binary.path] }
        process = try ToolProcess(
            name: "firestore-listen",
            executable: limited == nil ? binary : URL(filePath: "/bin/bash"),
            arguments: (limited ?? []) + arguments,
            environment: base.merging(environment) { _, new in new }
        )
    }

    /// The CLI's process id (to read its CPU time in /proc, say).
    var processIdentifier: Int32 { process.processIdentifier }

    /// Every stdout line so far.
    var stdoutLines: [String] { process.output.all }

    /// Standard error so far.
    var stderr: String { process.errors.text }

    /// Consumes stdout up to and including the first line that matches.
    ///
    /// - Throws: `ToolError` when `timeout` passes or the output ends first.
    @discardableResult
    func waitForLine(timeout: Duration = .seconds(30), where matches: (String) -> Bool) async throws -> String {
        try await process.nextLine(timeout: timeout, where: matches)
    }

    /// Consumes stdout up to and including the first JSON line whose `type` is `type` (`"snapshot"`).
    @discardableResult
    func waitForEvent(_ type: String, timeout: Duration = .seconds(30)) async throws -> JSONTree {
        let line = try await process.nextLine(timeout: timeout) { line in
            (try? JSONTree(parsing: line))?["type"]?.string == type
        }
        return try JSONTree(parsing: line)
    }

    /// Writes a line to the CLI's standard input.
    func writeLine(_ line: String) throws {
        try process.writeLine(line)
    }

    /// Sends a signal (SIGINT, SIGTERM): the CLI stops cleanly, exit 0.
    func send(signal: Int32) {
        process.send(signal: signal)
    }

    /// Waits for the run to end by itself (`--once`, `--max-events`, an error, bad usage).
    ///
    /// - Throws: `ToolError` when it is still running after `timeout`.
    func finish(timeout: Duration = .seconds(15)) async throws -> Result {
        let status = try await process.waitForExit(timeout: timeout)
        return Result(status: status, stdoutLines: process.output.all, stderr: process.errors.text)
    }

    /// Ends the run with SIGTERM (then SIGKILL after `grace`) and waits for it.
    func stop(grace: Duration = .seconds(5)) async -> Result {
        process.send(signal: SIGTERM)
        let status: ToolProcess.ExitStatus
        if let exited = try? await process.waitForExit(timeout: grace) {
            status = exited
        } else {
            status = await process.stop(grace: grace)
        }
        return Result(status: status, stdoutLines: process.output.all, stderr: process.errors.text)
    }
}
