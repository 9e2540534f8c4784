import Foundation

/// Where the tests find the emulator, Python, the tools, the built CLI and the fixtures.
///
/// Everything comes from the environment or from this file's own path, never from the working
/// directory. A missing requirement throws a `ToolError` that says how to provide it: integration tests
/// fail loudly rather than skip.
enum TestEnvironment {
    /// The repository root: this file is `<root>/Tests/FirestoreListenTests/Support/TestEnvironment.swift`.
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// `Tests/Tools`, home of the Python tools.
    static let toolsDirectory = repositoryRoot.appending(path: "Tests/Tools")

    /// Google's 14 listen conformance tests, sorted by name.
    static let conformanceFiles: [URL] = {
        let directory = repositoryRoot.appending(path: "Tests/FirestoreWatchTests/Fixtures/conformance")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasPrefix("listen-") && $0.hasSuffix(".json") }.sorted()
            .map { directory.appending(path: $0) }
    }()

    /// The project the emulator tests use: `GOOGLE_CLOUD_PROJECT`, else `demo-firestore-listen`.
    static var project: String {
        ProcessInfo.processInfo.environment["GOOGLE_CLOUD_PROJECT"] ?? "demo-firestore-listen"
    }

    /// `FIRESTORE_EMULATOR_HOST` (`127.0.0.1:8702`).
    ///
    /// - Throws: `ToolError` when it is not set: these tests need a running emulator.
    static func emulatorHost() throws -> String {
        guard let host = ProcessInfo.processInfo.environment["FIRESTORE_EMULATOR_HOST"], !host.isEmpty else {
            throw ToolError(
                tool: "environment",
                problem: """
                    FIRESTORE_EMULATOR_HOST is not set. This test needs the Firestore emulator: start it with \
                    `gcloud emulators firestore start --host-port=127.0.0.1:8702` and set \
                    FIRESTORE_EMULATOR_HOST=127.0.0.1:8702 (Scripts/test does both).
                    """,
                stderr: ""
            )
        }
        return host
    }

    /// The Python with google-cloud-firestore and grpcio: `FIRESTORE_LISTEN_PYTHON`, else `<root>/.venv/bin/python`.
    static func python() throws -> URL {
        let configured = ProcessInfo.processInfo.environment["FIRESTORE_LISTEN_PYTHON"]
        let python = configured.map { URL(fileURLWithPath: $0) } ?? repositoryRoot.appending(path: ".venv/bin/python")
        guard FileManager.default.isExecutableFile(atPath: python.path) else {
            throw ToolError(
                tool: "environment",
                problem: """
                    no Python at \(python.path). Run Scripts/install-deps (it creates .venv), or set \
                    FIRESTORE_LISTEN_PYTHON to a Python with google-cloud-firestore and grpcio.
                    """,
                stderr: ""
            )
        }
        return python
    }

    /// The built `firestore-listen`, looked for in order:
    /// 1. `FIRESTORE_LISTEN_BINARY`;
    /// 2. next to the running test bundle, so `swift test --scratch-path X` tests the binary it built;
    /// 3. `<root>/.build/debug/firestore-listen`.
    static func cliBinary() throws -> URL {
        if let configured = ProcessInfo.processInfo.environment["FIRESTORE_LISTEN_BINARY"] {
            return URL(fileURLWithPath: configured)
        }
        let besideTests = Bundle.main.bundleURL.appending(path: "firestore-listen")
        let inBuildDirectory = repositoryRoot.appending(path: ".build/debug/firestore-listen")
        for candidate in [besideTests, inBuildDirectory]
        where FileManager.default.isExecutableFile(atPath: candidate.path) {
            return candidate
        }
        throw ToolError(
            tool: "environment",
            problem: """
                no firestore-listen binary at \(besideTests.path) or \(inBuildDirectory.path). Build it \
                (`swift build`), or set FIRESTORE_LISTEN_BINARY.
                """,
            stderr: ""
        )
    }

    /// A collection id no other test uses, so tests can share one emulator and run in parallel.
    static func uniqueCollection(_ label: String = "test") -> String {
        "\(label)-\(UUID().uuidString.lowercased())"
    }

    /// The environment for a Python tool: this process's, unbuffered and without `.pyc` files.
    static func pythonEnvironment(_ extra: [String: String] = [:]) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["PYTHONUNBUFFERED"] = "1"
        environment["PYTHONDONTWRITEBYTECODE"] = "1"
        return environment.merging(extra) { _, new in new }
    }

    /// Starts `Tests/Tools/<script>` with the configured Python.
    static func startPythonTool(_ script: String, arguments: [String], environment: [String: String] = [:]) throws
        -> ToolProcess
    {
        try ToolProcess(
            name: script,
            executable: python(),
            arguments: [toolsDirectory.appending(path: script).path] + arguments,
            environment: pythonEnvironment(environment)
        )
    }
}
