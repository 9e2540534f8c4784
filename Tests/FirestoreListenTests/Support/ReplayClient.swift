/// `replay_client.py`: a raw Python gRPC Listen client (AddTarget on `C` ordered by `a`, target id 1),
/// to check a Listen server, such as the replay server, without our own code in the way.
enum ReplayClient {
    /// Runs one Listen call against `target` (`HOST:PORT`) and returns its output lines: one
    /// `{"response": {...}}` or `{"undecodable": "<hex>"}` per message, then `{"status": ..., "message": ...}`.
    ///
    /// - Parameter extraArguments: `--count N`, `--timeout S`, `--resume-token-hex HEX`, `--half-close`.
    static func run(target: String, extraArguments: [String] = []) async throws -> [JSONTree] {
        let process = try TestEnvironment.startPythonTool(
            "replay_client.py",
            arguments: ["--target", target] + extraArguments
        )
        let status = try await process.waitForExit(timeout: .seconds(60))
        guard status == .exited(0) else { throw process.failure("ended with \(status)") }
        return try process.output.all.map { try JSONTree(parsing: $0) }
    }
}
