import Foundation

/// A Firestore emulator of the test's own, on a free port, that the test can kill.
///
/// Spawned as the leader of a new process group, so that the launcher script and its Java child can be
/// signalled together. `deinit` kills whatever is left and reaps the launcher.
final class EmulatorProcess: Sendable {
    static let launcher = "/usr/lib/google-cloud-sdk/platform/cloud-firestore-emulator/cloud_firestore_emulator"

    let port: Int
    /// The launcher's pid, which is also its process group's id.
    private let pid: pid_t

    /// Starts the emulator and returns once its port accepts connections.
    /// - Throws: when it cannot start or its port is not open within `limit`.
    init(limit: Duration = .seconds(60)) async throws {
        port = try LocalSocket.unusedPort()
        pid = try Self.spawnInNewGroup([Self.launcher, "start", "--host=127.0.0.1", "--port=\(port)"])
        let deadline = ContinuousClock.now + limit
        while !LocalSocket.accepts(port: port) {
            guard ContinuousClock.now < deadline else {
                stop()
                throw EmulatorStartError(port: port)
            }
            try await Task.sleep(for: .milliseconds(100))
        }
    }

    deinit {
        stop()
    }

    /// Stops the emulator as an operator would: SIGTERM to the launcher and Java.
    func terminate() {
        kill(-pid, SIGTERM)
    }

    /// SIGKILL to the group, then reaps the launcher.
    private func stop() {
        kill(-pid, SIGKILL)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
    }

    /// posix_spawn with POSIX_SPAWN_SETPGROUP (group id = the child's pid); output to /dev/null.
    private static func spawnInNewGroup(_ arguments: [String]) throws -> pid_t {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        posix_spawnattr_setpgroup(&attributes, 0)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, arguments[0], &actions, &attributes, argv, environ)
        guard result == 0 else { throw SystemCallError(function: "posix_spawn \(arguments[0]): error \(result)") }
        return pid
    }
}

struct EmulatorStartError: Error, CustomStringConvertible {
    let port: Int
    var description: String { "the Firestore emulator did not open port \(port) (\(EmulatorProcess.launcher))" }
}
