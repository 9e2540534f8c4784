import GRPCTransport
import Testing

extension TransportTests {
    /// A server that goes away mid-stream: the stream must end UNAVAILABLE, not hang.
    @Suite struct ServerGoneTests {
        @Test(.timeLimit(.minutes(2)))
        func killingTheServerEndsTheStreamUnavailable() async throws {
            let emulator = try await EmulatorProcess()
            let channel = try Emulator.channel(target: "127.0.0.1:\(emulator.port)")
            let call = try channel.openBidirectionalCall(method: Emulator.listen, metadata: Emulator.metadata)
            try await call.send(FirestoreMessages.addQueryTarget(collection: Emulator.uniqueCollection()))
            let (first, status, elapsed) = try await withTimeout(.seconds(60)) {
                var iterator = call.messages.makeAsyncIterator()
                let first = try await iterator.next()
                emulator.terminate()
                let killed = ContinuousClock.now
                let status = await finalStatus(&iterator)
                return (first, status, ContinuousClock.now - killed)
            }
            #expect(
                try first.map(FirestoreMessages.targetChangeKind) == .add, "the stream was up (ADD) before the kill")
            #expect(status?.code == .unavailable)
            #expect(elapsed < .seconds(5))
            print("server gone: \(status.map(String.init(describing:)) ?? "OK") after \(elapsed)")
        }
    }
}
