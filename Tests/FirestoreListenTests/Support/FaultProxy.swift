/// `fault_proxy.py`, running: a TCP proxy on 127.0.0.1 that resets, blackholes or delays connections on
/// command.
///
/// An actor, so that each command's reply is read by the caller that sent it. Dropping the instance kills
/// the process (`ToolProcess.deinit`).
actor FaultProxy {
    /// What `stats` reports.
    struct Stats: Equatable, Sendable {
        /// Connections accepted so far.
        var accepted: Int
        /// Connections still open.
        var open: Int
        /// Open connections that are blackholed.
        var blackholed: Int
        /// Connections closed by `reset()`.
        var resets: Int
        /// Connections closed because the upstream refused them.
        var upstreamFailures: Int
        var bytesToUpstream: Int
        var bytesToClient: Int
    }

    /// The port on 127.0.0.1.
    nonisolated let port: Int
    private let process: ToolProcess

    /// `127.0.0.1:<port>`: point the client here instead of at `upstream`.
    nonisolated var address: String { "127.0.0.1:\(port)" }

    /// Starts a proxy to `upstream` (`HOST:PORT`).
    init(upstream: String) async throws {
        process = try TestEnvironment.startPythonTool("fault_proxy.py", arguments: ["--upstream", upstream])
        port = try await process.readyPort()
    }

    /// Closes every open connection, both sides, with a TCP RST.
    func reset() async throws {
        try await command("reset")
    }

    /// On: stop forwarding on every open connection and hold new ones silently. Off: forward new connections
    /// again (those blackholed stay silent until their client gives up).
    func setBlackhole(_ on: Bool) async throws {
        try await command(on ? "blackhole on" : "blackhole off")
    }

    /// Delays every chunk, in both directions, by `milliseconds` (0: none).
    func setLatency(milliseconds: Int) async throws {
        try await command("latency \(milliseconds)")
    }

    func stats() async throws -> Stats {
        let reply = try JSONTree(parsing: try await send("stats"))
        func count(_ key: String) throws -> Int {
            guard let value = reply[key]?.int else { throw process.failure("stats without \(key): \(reply)") }
            return value
        }
        return Stats(
            accepted: try count("accepted"),
            open: try count("open"),
            blackholed: try count("blackholed"),
            resets: try count("resets"),
            upstreamFailures: try count("upstreamFailures"),
            bytesToUpstream: try count("bytesToUpstream"),
            bytesToClient: try count("bytesToClient")
        )
    }

    /// Ends the proxy (its connections are closed) and waits for it.
    func stop() async {
        await process.stop()
    }

    private func command(_ line: String) async throws {
        let reply = try await send(line)
        guard reply == "ok" else { throw process.failure("`\(line)` answered `\(reply)`") }
    }

    private func send(_ line: String) async throws -> String {
        try process.writeLine(line)
        return try await process.nextLine(timeout: .seconds(10))
    }
}
