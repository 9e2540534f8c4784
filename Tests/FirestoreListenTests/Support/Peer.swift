/// `peer.py`, running: Google's official Python client on the emulator, as the other side of interop tests.
///
/// Commands go one at a time (an actor); the typed ones are in `Peer+Commands.swift`. Listener events
/// that arrive while a reply is awaited are kept for `nextSnapshot(listener:timeout:)`. Dropping the
/// instance kills the process (`ToolProcess.deinit`).
actor Peer {
    /// The project it writes to.
    nonisolated let project: String
    /// Converts between the peer's typed JSON and `FirestoreValue`.
    nonisolated let coding: TypedValueCoding
    private let process: ToolProcess
    private var lastID = 0
    /// Listener events read but not yet taken, in arrival order.
    private var events: [JSONTree] = []

    /// Starts the peer and waits until it answers.
    ///
    /// - Parameter emulatorHost: the emulator to write to; nil means `FIRESTORE_EMULATOR_HOST`.
    /// - Throws: `ToolError` when no emulator is given or set, or the peer does not start.
    init(project: String = TestEnvironment.project, emulatorHost: String? = nil) async throws {
        let emulator = try emulatorHost ?? TestEnvironment.emulatorHost()
        self.project = project
        coding = TypedValueCoding(project: project)
        process = try TestEnvironment.startPythonTool(
            "peer.py",
            arguments: ["--project", project],
            environment: ["FIRESTORE_EMULATOR_HOST": emulator]
        )
        _ = try await send(["op": "ping"], timeout: .seconds(60))
    }

    /// Sends one command and returns its reply (`"ok": true` and the results).
    ///
    /// - Throws: `PeerError` when the peer answers `"ok": false`; `ToolError` when it does not answer.
    func send(_ command: JSONTree, timeout: Duration = .seconds(30)) async throws -> JSONTree {
        guard var members = command.object else { preconditionFailure("a peer command is an object: \(command)") }
        lastID += 1
        members["id"] = .number(Double(lastID))
        try process.writeLine(JSONTree.object(members).text)
        while true {
            let line = try await process.nextLine(timeout: timeout)
            let reply = try JSONTree(parsing: line)
            if reply["event"] != nil {
                events.append(reply)
                continue
            }
            guard reply["id"]?.int == lastID else { throw process.failure("reply out of order: \(line)") }
            guard reply["ok"]?.bool == true else {
                let error = reply["error"]
                throw PeerError(
                    code: error?["code"]?.string,
                    type: error?["type"]?.string ?? "unknown",
                    message: error?["message"]?.string ?? line
                )
            }
            return reply
        }
    }

    /// The next event line of `listener`, waiting up to `timeout` for it.
    func nextEvent(listener: Int, timeout: Duration) async throws -> JSONTree {
        let deadline = ContinuousClock.now + timeout
        while true {
            if let index = events.firstIndex(where: { $0["listener"]?.int == listener }) {
                return events.remove(at: index)
            }
            let remaining = deadline - ContinuousClock.now
            guard remaining > .zero else { throw process.failure("no event of listener \(listener) within \(timeout)") }
            let event = try JSONTree(parsing: try await process.nextLine(timeout: remaining))
            guard event["event"] != nil else { throw process.failure("a reply without a command: \(event)") }
            events.append(event)
        }
    }

    /// Stops every listener and the process, and waits for it.
    func stop() async {
        await process.stop()
    }
}
