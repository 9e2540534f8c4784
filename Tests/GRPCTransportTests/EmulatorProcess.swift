import Foundation

/// A Firestore emulator of the test's own, on a free port, that the test can kill.
///
/// Started through `setsid`, so the launcher script and its Java child form one process group and
/// `terminate()` reaches both. `deinit` kills whatever is left.
final class EmulatorProcess: Sendable {
    static let launcher = "/usr/lib/google-cloud-sdk/platform/cloud-firestore-emulator/cloud_firestore_emulator"

    let port: Int
    private let process = Process()

    /// Starts the emulator and returns once its port accepts connections.
    /// - Throws: when it cannot start or its port is not open within `limit`.
    init(limit: Duration = .seconds(60)) async throws {
        port = try LocalSocket.unusedPort()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/setsid")
        process.arguments = [Self.launcher, "start", "--host=127.0.0.1", "--port=\(port)"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = ContinuousClock.now + limit
        while !LocalSocket.accepts(port: port) {
            guard process.isRunning, ContinuousClock.now < deadline else {
                kill(signal: SIGKILL)
                throw EmulatorStartError(port: port)
            }
            try await Task.sleep(for: .milliseconds(100))
        }
    }

    deinit {
        kill(signal: SIGKILL)
    }

    /// Stops the emulator as an operator would (SIGTERM to the launcher and Java).
    func terminate() {
        kill(signal: SIGTERM)
    }

    /// Signals the whole group; SIGKILL also waits for the launcher to exit.
    private func kill(signal: Int32) {
        // setsid made the launcher the leader of a new group whose id is its pid.
        _ = Foundation.kill(-process.processIdentifier, signal)
        if signal == SIGKILL {
            process.waitUntilExit()
        }
    }
}

struct EmulatorStartError: Error, CustomStringConvertible {
    let port: Int
    var description: String { "the Firestore emulator did not open port \(port) (\(EmulatorProcess.launcher))" }
}
