import Foundation
import Synchronization

/// A child process with its three standard streams piped: lines out, lines in, and a guaranteed end.
///
/// Ownership: the instance owns the process. `stop(grace:)` ends it politely (end of input, then
/// SIGTERM, then SIGKILL); `deinit` kills and reaps it if it is still running, so no test leaves a
/// process behind, whichever way it exits.
///
/// Threads: one Foundation `Thread` per output pipe blocks in `read` until end of file, never a thread
/// of the Swift concurrency pool (there are two on these machines). Waiting (`nextLine`, `waitForExit`)
/// polls every 5 ms with `Task.sleep`, which keeps timeouts and cancellation simple.
///
/// `@unchecked Sendable`: `process` is configured and launched in `init` and afterwards only its
/// `processIdentifier` is read; the exit status arrives through `terminationHandler` into a `Mutex`, and
/// writes to standard input go through another.
final class ToolProcess: @unchecked Sendable {
    /// How a process ended.
    enum ExitStatus: Equatable, Sendable, CustomStringConvertible {
        case exited(Int32)
        case signaled(Int32)

        var description: String {
            switch self {
            case .exited(let code): "exit \(code)"
            case .signaled(let signal): "killed by signal \(signal)"
            }
        }
    }

    /// A short name for messages ("replay_server.py", "firestore-listen").
    let name: String
    /// Standard output, line by line.
    let output = OutputLines()
    /// Standard error, kept whole for diagnostics.
    let errors = OutputLines()

    private let process = Process()
    private let input: Mutex<FileHandle?>
    private let exit = Mutex<ExitStatus?>(nil)

    /// Launches `executable`; throws if it cannot be started.
    ///
    /// - Parameter environment: the child's whole environment; nil inherits the test process's.
    init(name: String, executable: URL, arguments: [String], environment: [String: String]? = nil) throws {
        self.name = name
        let stdin = Pipe()
        let stdout = Pipe()
        let stderr = Pipe()
        process.executableURL = executable
        process.arguments = arguments
        if let environment { process.environment = environment }
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        input = Mutex(stdin.fileHandleForWriting)
        process.terminationHandler = { [weak self] finished in
            let status: ExitStatus =
                finished.terminationReason == .exit
                ? .exited(finished.terminationStatus) : .signaled(finished.terminationStatus)
            self?.exit.withLock { $0 = status }
        }
        try Self.launch(process)
        Self.startReading(stdout.fileHandleForReading, into: output, name: "\(name) stdout")
        Self.startReading(stderr.fileHandleForReading, into: errors, name: "\(name) stderr")
    }

    deinit {
        guard exit.withLock({ $0 }) == nil else { return }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    var processIdentifier: Int32 { process.processIdentifier }

    /// The exit status, once the process has ended.
    var exitStatus: ExitStatus? { exit.withLock { $0 } }

    /// Writes `line` and a newline to the process's standard input.
    func writeLine(_ line: String) throws {
        try input.withLock { handle in
            guard let handle else { throw failure("standard input is already closed") }
            try handle.write(contentsOf: Data((line + "\n").utf8))
        }
    }

    /// Closes standard input; the Python tools exit on that.
    func closeInput() {
        input.withLock { handle in
            try? handle?.close()
            handle = nil
        }
    }

    /// Sends `signal` (SIGINT, SIGTERM, …) if the process is still running.
    func send(signal: Int32) {
        guard exitStatus == nil else { return }
        kill(process.processIdentifier, signal)
    }

    /// The next unconsumed line of standard output.
    ///
    /// - Throws: `ToolError` when `timeout` passes first or the output ends.
    func nextLine(timeout: Duration) async throws -> String {
        try await nextLine(timeout: timeout, where: { _ in true })
    }

    /// Consumes standard output up to and including the first line that matches.
    ///
    /// - Throws: `ToolError` when `timeout` passes first or the output ends without a match.
    func nextLine(timeout: Duration, where matches: (String) -> Bool) async throws -> String {
        let deadline = ContinuousClock.now + timeout
        while true {
            switch output.take(where: matches) {
            case .line(let line): return line
            case .finished: throw failure("its output ended (\(exitStatus.map(\.description) ?? "running"))")
            case .none:
                guard ContinuousClock.now < deadline else {
                    let recent = output.all.suffix(5).map { "  " + $0.prefix(300) }.joined(separator: "\n")
                    throw failure(
                        "no matching line within \(timeout); last lines of stdout:\n"
                            + (recent.isEmpty ? "  (none)" : recent))
                }
                try await Task.sleep(for: .milliseconds(5))
            }
        }
    }

    /// Waits until the process has exited and both output pipes have reached end of file.
    ///
    /// - Throws: `ToolError` when `timeout` passes first (the process keeps running).
    @discardableResult
    func waitForExit(timeout: Duration) async throws -> ExitStatus {
        let deadline = ContinuousClock.now + timeout
        while true {
            if let status = exitStatus, output.isFinished, errors.isFinished { return status }
            guard ContinuousClock.now < deadline else { throw failure("still running after \(timeout)") }
            try await Task.sleep(for: .milliseconds(5))
        }
    }

    /// Ends the process and waits for it, in steps, each given `grace` to work:
    /// 1. close standard input (the Python tools exit on end of file);
    /// 2. send SIGTERM (the CLI exits 0 on it);
    /// 3. send SIGKILL.
    @discardableResult
    func stop(grace: Duration = .seconds(3)) async -> ExitStatus {
        closeInput()
        for signal in [nil, SIGTERM, SIGKILL] {
            if let signal { send(signal: signal) }
            if let status = try? await waitForExit(timeout: grace) { return status }
        }
        process.waitUntilExit()
        return exitStatus ?? .signaled(SIGKILL)
    }

    /// A `ToolError` for this process, with its standard error attached.
    func failure(_ problem: String) -> ToolError {
        ToolError(tool: name, problem: problem, stderr: errors.text)
    }

    /// Runs `process.run()` on a new thread whose signal mask is empty, and waits for it.
    ///
    /// `posix_spawn` gives the child the signal mask of the thread that calls it, and the threads of the
    /// Swift concurrency pool (libdispatch workers) block nearly every signal: a child started from one
    /// of them never sees SIGTERM or SIGINT (observed: `SigBlk: fffffffe3bfbea27` in the child). The wait
    /// blocks the caller only for the spawn itself, as calling `run()` directly would.
    private static func launch(_ process: Process) throws {
        // Written by the thread before signal(), read here after wait(): the semaphore orders the two.
        nonisolated(unsafe) var outcome: Result<Void, any Error> = .success(())
        let spawned = DispatchSemaphore(value: 0)
        let thread = Thread {
            var nothing = sigset_t()
            sigemptyset(&nothing)
            pthread_sigmask(SIG_SETMASK, &nothing, nil)
            outcome = Result { try process.run() }
            spawned.signal()
        }
        thread.name = "spawn"
        thread.start()
        spawned.wait()
        try outcome.get()
    }

    /// Reads the pipe until end of file on a thread of its own. Plain `read(2)`, because Foundation's
    /// `FileHandle.read(upToCount:)` waits for the full count or end of file on Linux.
    private static func startReading(_ handle: FileHandle, into lines: OutputLines, name: String) {
        let thread = Thread {
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(handle.fileDescriptor, $0.baseAddress, $0.count) }
                if count > 0 {
                    lines.append(buffer[..<count])
                } else if count == 0 || errno != EINTR {
                    break
                }
            }
            lines.finish()
            try? handle.close()
        }
        thread.name = name
        thread.start()
    }
}
