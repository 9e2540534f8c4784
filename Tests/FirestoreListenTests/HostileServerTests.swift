import Foundation
import Testing

/// Broken or hostile server messages, served by our replay server to the built CLI: a message that does
/// not decode is a broken stream (reopened from the last consistent point), a protocol violation is an
/// `error` event and exit 1, and a refused resume token leads to one clean re-listen.
@Suite(.startsProcesses) struct HostileServerTests {
    private static let database = "projects/p/databases/(default)"

    private static func document(_ id: String, seconds: Int) -> JSONTree {
        [
            "documentChange": [
                "document": [
                    "name": .string("\(database)/documents/c/\(id)"), "fields": ["n": ["integerValue": "1"]],
                    "createTime": "2026-01-01T00:00:00Z", "updateTime": .string("2026-01-01T00:00:0\(seconds)Z"),
                ],
                "targetIds": [1],
            ]
        ]
    }

    private static func consistent(token: String, second: Int) -> [ReplayScript.Step] {
        [
            .response(
                [
                    "targetChange": [
                        "targetChangeType": "CURRENT", "targetIds": [1], "resumeToken": .string(token),
                        "readTime": .string("2026-01-01T00:01:0\(second)Z"),
                    ]
                ]
            ),
            .response(
                ["targetChange": ["resumeToken": .string(token), "readTime": .string("2026-01-01T00:01:0\(second)Z")]]
            ),
        ]
    }

    private static let add: ReplayScript.Step = .response([
        "targetChange": ["targetChangeType": "ADD", "targetIds": [1]]
    ])

    private func watch(_ server: ReplayServer, _ extra: [String] = []) throws -> CLIRun {
        try CLIRun(["watch", "c", "--json", "--host", server.address, "--insecure", "--project", "p"] + extra)
    }

    private func changes(_ snapshot: JSONTree) -> [String] {
        (snapshot["changes"]?.array ?? []).map { "\($0["kind"]?.string ?? "?") \($0["id"]?.string ?? "?")" }
    }

    @Test func anUndecodableMessageReopensTheStreamFromTheLastConsistentPoint() async throws {
        let server = try await ReplayServer.start(
            ReplayScript([
                .init(
                    [Self.add, .response(Self.document("a", seconds: 1))]
                        + Self.consistent(token: "dG9rMQ==", second: 1)
                        + [.response(Self.document("b", seconds: 2)), .raw(hex: "0aff01ffffff")]
                ),
                .init(
                    [Self.add, .response(["targetChange": ["targetChangeType": "RESET", "targetIds": [1]]])]
                        + [.response(Self.document("a", seconds: 1)), .response(Self.document("b", seconds: 2))]
                        + Self.consistent(token: "dG9rMg==", second: 2)
                ),
            ])
        )
        defer { Task { await server.stop() } }
        let run = try watch(server)
        #expect(changes(try await run.waitForEvent("snapshot")) == ["added a"])
        let broken = try await run.waitForEvent("reconnecting")
        #expect(broken["code"]?.string == "INTERNAL")
        #expect(broken["message"]?.string?.contains("did not decode") == true)
        _ = try await run.waitForEvent("resumed")
        #expect(changes(try await run.waitForEvent("snapshot")) == ["added b"], "b is reported once, a not again")
        let resumedWith = try await server.waitForLog { $0["call"]?.int == 1 && $0["request"] != nil }
        #expect(resumedWith["request"]?["addTarget"]?["resumeToken"]?.string == "dG9rMQ==")
        let result = await run.stop()
        #expect(result.exitCode == 0)
    }

    @Test func aRemoveWeDidNotAskForIsAnErrorAndExitOne() async throws {
        let server = try await ReplayServer.start(
            ReplayScript([
                .init(
                    [Self.add] + Self.consistent(token: "dG9r", second: 1)
                        + [.response(["targetChange": ["targetChangeType": "REMOVE", "targetIds": [1]]])]
                )
            ])
        )
        defer { Task { await server.stop() } }
        let result = try await watch(server).finish(timeout: .seconds(20))
        #expect(result.exitCode == 1)
        let last = try #require(try result.events().last)
        #expect(last["type"]?.string == "error")
        #expect(last["code"]?.string == "INTERNAL")
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    @Test func aRefusedResumeTokenIsDroppedAndTheTargetListenedAfresh() async throws {
        let server = try await ReplayServer.start(
            ReplayScript([
                .init(
                    [Self.add, .response(Self.document("a", seconds: 1))]
                        + Self.consistent(token: "dG9rMQ==", second: 1),
                    end: .status(code: "UNAVAILABLE", message: "bye")
                ),
                .init([
                    Self.add,
                    .response(
                        [
                            "targetChange": [
                                "targetChangeType": "REMOVE", "targetIds": [1],
                                "cause": ["code": 9, "message": "resume token expired"],
                            ]
                        ]
                    ),
                ]),
                .init(
                    [Self.add, .response(Self.document("b", seconds: 3))]
                        + Self.consistent(token: "dG9rMw==", second: 3)),
            ])
        )
        defer { Task { await server.stop() } }
        let run = try watch(server)
        #expect(changes(try await run.waitForEvent("snapshot")) == ["added a"])
        #expect(changes(try await run.waitForEvent("snapshot", timeout: .seconds(20))) == ["removed a", "added b"])
        let requests = try server.requests()
        #expect(requests.map(\.call) == [0, 1, 2])
        #expect(requests[1].request["addTarget"]?["resumeToken"]?.string == "dG9rMQ==")
        #expect(requests[2].request["addTarget"]?["resumeToken"] == nil)
        _ = await run.stop()
    }
}
