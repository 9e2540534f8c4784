import Foundation
import Testing

/// The replay server itself, checked with a raw Python gRPC client: it must serve the conformance
/// streams byte-exact and follow its script, since the end-to-end tests trust it.
@Suite("replay_server.py", .startsProcesses)
struct ReplayServerTests {
    @Test(arguments: TestEnvironment.conformanceFiles)
    func servesConformanceResponsesInOrder(file: URL) async throws {
        let test = try JSONTree(parsing: String(contentsOf: file, encoding: .utf8))["tests"]?.array?.first
        let responses = try #require(test?["listen"]?["responses"]?.array)
        let server = try await ReplayServer.start(conformance: file)
        let lines = try await ReplayClient.run(
            target: server.address,
            extraArguments: ["--count", String(responses.count)]
        )
        #expect(lines.dropLast().map { $0["response"] } == responses.map(Optional.some))
        #expect(lines.last?["status"] == "CANCELLED")
        await server.stop()
    }

    @Test func playsOneScriptedStreamPerCallAndRepeatsTheLast() async throws {
        let add: JSONTree = ["targetChange": ["targetChangeType": "ADD", "targetIds": [1]]]
        let current: JSONTree = ["targetChange": ["targetChangeType": "CURRENT", "resumeToken": "AQI="]]
        let server = try await ReplayServer.start(
            ReplayScript([
                .init(
                    [.response(add), .sleep(milliseconds: 50), .raw(hex: "ffff")],
                    end: .status(code: "UNAVAILABLE", message: "scripted")
                ),
                .init([.response(current)], end: .ok),
            ])
        )
        let first = try await ReplayClient.run(target: server.address)
        #expect(
            first == [["response": add], ["undecodable": "ffff"], ["message": "scripted", "status": "UNAVAILABLE"]])
        let second = try await ReplayClient.run(target: server.address)
        #expect(second == [["response": current], ["message": "", "status": "OK"]])
        let third = try await ReplayClient.run(target: server.address)
        #expect(third == second)
        await server.stop()
    }

    @Test func holdsUntilTheClientHalfCloses() async throws {
        let server = try await ReplayServer.start(ReplayScript([.init([], end: .hold)]))
        let lines = try await ReplayClient.run(target: server.address, extraArguments: ["--half-close"])
        #expect(lines == [["message": "", "status": "OK"]])
        try await server.waitForLog { $0["event"] == "halfClose" }
        await server.stop()
    }

    @Test func logsRequestsAndMetadataWithTheTokenRedacted() async throws {
        let server = try await ReplayServer.start(ReplayScript([.init([], end: .hold)]))
        _ = try await ReplayClient.run(
            target: server.address,
            extraArguments: ["--resume-token-hex", "0a0b", "--timeout", "1"]
        )
        let metadata = try await server.waitForLog { $0["event"] == "metadata" }
        #expect(metadata["metadata"]?["authorization"] == "Bearer")
        #expect(metadata["metadata"]?["google-cloud-resource-prefix"] == "projects/projectID/databases/(default)")
        let requests = try server.requests()
        #expect(requests.count == 1)
        #expect(requests.first?.call == 0)
        #expect(requests.first?.request["database"] == "projects/projectID/databases/(default)")
        #expect(requests.first?.request["addTarget"]?["resumeToken"] == "Cgs=")
        #expect(requests.first?.request["addTarget"]?["targetId"] == 1)
        try await server.waitForLog { $0["event"] == "cancelled" }
        await server.stop()
    }
}
