import FirestoreWatch
import Foundation
import Testing

/// The two example programs of `Examples/`, built and run as their users run them, against the emulator,
/// with Google's official Python client writing. Each runs in a project of its own, as the examples use fixed
/// collection names.
@Suite(.startsProcesses) struct ExampleTests {
    private let project = "examples-" + UUID().uuidString.prefix(8).lowercased()

    private func start(_ name: String) throws -> ToolProcess {
        let binary = try TestEnvironment.cliBinary().deletingLastPathComponent().appending(path: name)
        return try ToolProcess(
            name: name,
            executable: binary,
            arguments: [],
            environment: [
                "FIRESTORE_EMULATOR_HOST": try TestEnvironment.emulatorHost(), "GOOGLE_CLOUD_PROJECT": project,
            ]
        )
    }

    @Test func theOriginalAppsListenerSkipsTheFirstFetchShowsANewDocumentAndConfirmsIt() async throws {
        let peer = try await Peer(project: project)
        defer { Task { await peer.stop() } }
        try await peer.set("collection1/before", ["status": .string("hoge"), "text": .string("already there")])
        let example = try start("firestore-listener-example")
        defer { Task { _ = await example.stop() } }
        _ = try await example.nextLine(timeout: .seconds(30)) { $0 == "standby: skipped the first fetch (1 documents)" }

        try await peer.set("collection1/t1", ["status": .string("hoge"), "text": .string("fuga")])
        let shown = try await example.nextLine(timeout: .seconds(30)) { $0.hasPrefix("screen: ") }
        #expect(shown == "screen: t1: fuga")
        let deadline = ContinuousClock.now + .seconds(30)
        while try await peer.get("collection1/t1")?.fields["status"] != .string("completed") {
            try #require(ContinuousClock.now < deadline, "t1 was not confirmed within 30 s")
            try await Task.sleep(for: .milliseconds(50))
        }
        #expect(try await peer.get("collection1/before")?.fields["status"] == .string("hoge"))
    }

    @Test func theLiveQueryExampleFollowsItsPredicatesAndReportsWhatDoesNotDecode() async throws {
        let peer = try await Peer(project: project)
        defer { Task { await peer.stop() } }
        try await peer.set("queue/a", ["status": .string("pending"), "number": .integer(1), "text": .string("A")])
        try await peer.set("queue/b", ["status": .string("called"), "number": .integer(2), "text": .string("B")])
        try await peer.set("queue/c", ["status": .string("called"), "number": .string("three"), "text": .string("C")])
        let example = try start("live-query-example")
        defer { Task { _ = await example.stop() } }
        #expect(
            try await example.nextLine(timeout: .seconds(30)) { $0.hasPrefix("tickets: [1") }
                == "tickets: [1 a A] (0 did not decode)")

        try example.writeLine("called")
        #expect(
            try await example.nextLine(timeout: .seconds(30)) { $0.hasPrefix("tickets: [2") }
                == "tickets: [2 b B] (1 did not decode)")
    }
}
