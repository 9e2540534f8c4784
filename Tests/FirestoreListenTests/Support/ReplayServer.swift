import Foundation

/// `replay_server.py`, running: a scripted Listen server on 127.0.0.1 for the cases the emulator cannot
/// produce, and the log of what its clients sent.
///
/// Ownership: owns the process and a temporary directory (script and log); `stop()` ends both, and
/// dropping the instance kills the process (`ToolProcess.deinit`) and removes the directory.
final class ReplayServer: Sendable {
    /// The port on 127.0.0.1.
    let port: Int
    private let process: ToolProcess
    private let directory: URL
    private let logFile: URL

    /// `127.0.0.1:<port>`, for `--host`.
    var address: String { "127.0.0.1:\(port)" }

    /// Serves `script`.
    static func start(_ script: ReplayScript) async throws -> ReplayServer {
        let directory = try makeDirectory()
        let scriptFile = directory.appending(path: "script.json")
        try Data(script.json.text.utf8).write(to: scriptFile)
        return try await ReplayServer(directory: directory, source: ["--script", scriptFile.path])
    }

    /// Serves one of Google's listen conformance tests: its responses on one stream that stays open.
    static func start(conformance file: URL) async throws -> ReplayServer {
        try await ReplayServer(directory: makeDirectory(), source: ["--conformance", file.path])
    }

    private init(directory: URL, source: [String]) async throws {
        self.directory = directory
        logFile = directory.appending(path: "log.jsonl")
        do {
            process = try TestEnvironment.startPythonTool(
                "replay_server.py", arguments: source + ["--log", logFile.path])
            port = try await process.readyPort()
        } catch {
            try? FileManager.default.removeItem(at: directory)
            throw error
        }
    }

    deinit {
        try? FileManager.default.removeItem(at: directory)
    }

    /// Ends the server (its open calls are cancelled) and waits for it.
    func stop() async {
        await process.stop()
    }

    /// Every log entry so far: `{"call": k, "event": "metadata" | "halfClose" | "cancelled", ...}` or
    /// `{"call": k, "request": {<ListenRequest as proto3 JSON>}}`.
    func log() throws -> [JSONTree] {
        guard FileManager.default.fileExists(atPath: logFile.path) else { return [] }
        let text = try String(contentsOf: logFile, encoding: .utf8)
        return try text.split(separator: "\n").map { try JSONTree(parsing: String($0)) }
    }

    /// The requests received so far, with the index of the call each came on.
    func requests() throws -> [(call: Int, request: JSONTree)] {
        try log().compactMap { entry in
            guard let call = entry["call"]?.int, let request = entry["request"] else { return nil }
            return (call, request)
        }
    }

    /// Waits for a log entry that matches.
    ///
    /// - Throws: `ToolError` when `timeout` passes first.
    @discardableResult
    func waitForLog(timeout: Duration = .seconds(30), where matches: (JSONTree) -> Bool) async throws -> JSONTree {
        let deadline = ContinuousClock.now + timeout
        while true {
            if let entry = try log().first(where: matches) { return entry }
            guard ContinuousClock.now < deadline else {
                throw process.failure("no matching log entry within \(timeout)")
            }
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    private static func makeDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appending(path: "replay-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }
}
