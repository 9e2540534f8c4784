import FirestoreWatch
import Testing

@testable import GRPCTransport

extension TransportTests {
    /// A consumer that does not read holds the server back: the call stops receiving after its read-ahead.
    @Suite struct ReadAheadTests {
        @Test func aStreamNobodyReadsHoldsAtMostItsReadAheadThenDeliversEverything() async throws {
            let channel = try Emulator.channel()
            let call = try channel.openBidirectionalCall(method: Emulator.listen, metadata: Emulator.metadata)
            let collection = Emulator.uniqueCollection()
            // 60 targets on one empty collection: an ADD and a CURRENT each, and NO_CHANGEs: 120 messages and more.
            for id in 1...60 {
                try await call.send(FirestoreMessages.addQueryTarget(collection: collection, targetID: Int32(id)))
            }
            try await Task.sleep(for: .seconds(2))
            let held = call.undeliveredMessages
            #expect(held == ChannelState.readAhead, "received and not taken: \(held)")

            let kinds = try await withTimeout(.seconds(30)) {
                var kinds: [TargetChange.Kind?] = []
                var iterator = call.messages.makeAsyncIterator()
                while kinds.filter({ $0 == .current }).count < 60, let message = try await iterator.next() {
                    kinds.append(try FirestoreMessages.targetChangeKind(message))
                }
                return kinds
            }
            #expect(kinds.filter { $0 == .add }.count == 60)
            #expect(kinds.filter { $0 == .current }.count == 60)
            #expect(call.undeliveredMessages <= ChannelState.readAhead)
            call.cancel()
        }
    }
}
