import Testing

/// The fault proxy itself, in front of an in-process TCP echo server: the other tests rely on it to
/// forward faithfully and to break connections exactly as asked.
@Suite("fault_proxy.py", .startsProcesses)
struct FaultProxyTests {
    @Test func forwardsBothWays() async throws {
        let echo = try TCPEchoServer()
        let proxy = try await FaultProxy(upstream: "127.0.0.1:\(echo.port)")
        let client = try TCPTestClient(port: proxy.port)
        try client.send("hello")
        #expect(try await client.receive(count: 5, timeout: .seconds(5)) == .data(Array("hello".utf8)))
        let stats = try await proxy.stats()
        #expect(stats.accepted == 1 && stats.open == 1)
        #expect(stats.bytesToUpstream == 5 && stats.bytesToClient == 5)
        await proxy.stop()
    }

    @Test func resetSendsRSTAndLaterConnectionsWork() async throws {
        let echo = try TCPEchoServer()
        let proxy = try await FaultProxy(upstream: "127.0.0.1:\(echo.port)")
        let first = try TCPTestClient(port: proxy.port)
        try first.send("a")
        #expect(try await first.receive(count: 1, timeout: .seconds(5)) == .data(Array("a".utf8)))

        try await proxy.reset()
        #expect(try await first.receive(count: 1, timeout: .seconds(5)) == .reset)

        let second = try TCPTestClient(port: proxy.port)
        try second.send("b")
        #expect(try await second.receive(count: 1, timeout: .seconds(5)) == .data(Array("b".utf8)))
        let stats = try await proxy.stats()
        #expect(stats.resets == 1 && stats.accepted == 2 && stats.open == 1)
        await proxy.stop()
    }

    @Test func blackholeSilencesOpenAndNewConnectionsUntilTurnedOff() async throws {
        let echo = try TCPEchoServer()
        let proxy = try await FaultProxy(upstream: "127.0.0.1:\(echo.port)")
        let before = try TCPTestClient(port: proxy.port)
        try before.send("x")
        #expect(try await before.receive(count: 1, timeout: .seconds(5)) == .data(Array("x".utf8)))

        try await proxy.setBlackhole(true)
        try before.send("y")
        #expect(try await before.receive(count: 1, timeout: .milliseconds(400)) == .silence)
        let during = try TCPTestClient(port: proxy.port)
        try during.send("z")
        #expect(try await during.receive(count: 1, timeout: .milliseconds(400)) == .silence)
        let stats = try await proxy.stats()
        #expect(stats.open == 2 && stats.blackholed == 2)

        try await proxy.setBlackhole(false)
        let after = try TCPTestClient(port: proxy.port)
        try after.send("w")
        #expect(try await after.receive(count: 1, timeout: .seconds(5)) == .data(Array("w".utf8)))
        try before.send("v")
        #expect(try await before.receive(count: 1, timeout: .milliseconds(400)) == .silence)
        await proxy.stop()
    }

    @Test func latencyDelaysEachDirection() async throws {
        let echo = try TCPEchoServer()
        let proxy = try await FaultProxy(upstream: "127.0.0.1:\(echo.port)")
        try await proxy.setLatency(milliseconds: 200)
        let client = try TCPTestClient(port: proxy.port)
        let start = ContinuousClock.now
        try client.send("slow")
        #expect(try await client.receive(count: 4, timeout: .seconds(5)) == .data(Array("slow".utf8)))
        #expect(ContinuousClock.now - start >= .milliseconds(400))
        await proxy.stop()
    }

    @Test func forwardsGRPCToTheReplayServer() async throws {
        let server = try await ReplayServer.start(
            ReplayScript([.init([.response(["targetChange": ["targetChangeType": "ADD", "targetIds": [1]]])])])
        )
        let proxy = try await FaultProxy(upstream: server.address)
        let lines = try await ReplayClient.run(target: proxy.address, extraArguments: ["--count", "1"])
        #expect(lines.first == ["response": ["targetChange": ["targetChangeType": "ADD", "targetIds": [1]]]])
        #expect(lines.last?["status"] == "CANCELLED")
        await proxy.stop()
        await server.stop()
    }
}
