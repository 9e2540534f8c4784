import FirestoreWatch
import GRPCTransport
import Testing

extension TransportTests {
    /// A Listen stream against the emulator: messages in, sends out, the ways it ends.
    @Suite struct ListenStreamTests {
        @Test func listenOnAnEmptyCollectionGetsAddCurrentNoChangeAndEndsOKAfterHalfClose() async throws {
            let channel = try Emulator.channel()
            let call = try channel.openBidirectionalCall(method: Emulator.listen, metadata: Emulator.metadata)
            try await call.send(FirestoreMessages.addQueryTarget(collection: Emulator.uniqueCollection()))
            let kinds = try await withTimeout(.seconds(30)) {
                var kinds: [TargetChange.Kind?] = []
                for try await message in call.messages {
                    kinds.append(try FirestoreMessages.targetChangeKind(message))
                    if kinds.count == 3 {
                        call.closeSend()
                    }
                }
                return kinds
            }
            #expect(kinds == [.add, .current, .noChange], "then the stream ends OK")
        }

        @Test func cancelEndsTheStreamWithCancelled() async throws {
            let channel = try Emulator.channel()
            let call = try channel.openBidirectionalCall(method: Emulator.listen, metadata: Emulator.metadata)
            try await call.send(FirestoreMessages.addQueryTarget(collection: Emulator.uniqueCollection()))
            let status = try await withTimeout(.seconds(30)) {
                var iterator = call.messages.makeAsyncIterator()
                _ = try await iterator.next()
                call.cancel()
                return await finalStatus(&iterator)
            }
            #expect(status?.code == .cancelled)
            await #expect(throws: Status.self) { try await call.send([]) }
        }

        @Test func cancelBeforeAnyMessageEndsTheStreamWithCancelled() async throws {
            let channel = try Emulator.channel()
            let call = try channel.openBidirectionalCall(method: Emulator.listen, metadata: Emulator.metadata)
            call.cancel()
            let status = try await withTimeout(.seconds(10)) {
                var iterator = call.messages.makeAsyncIterator()
                return await finalStatus(&iterator)
            }
            #expect(status?.code == .cancelled)
        }

        @Test func sendsAreSerialisedAndASendAfterCloseSendIsRefused() async throws {
            let channel = try Emulator.channel()
            let call = try channel.openBidirectionalCall(method: Emulator.listen, metadata: Emulator.metadata)
            let collection = Emulator.uniqueCollection()
            // Two targets sent at once from two tasks: gRPC allows one SEND_MESSAGE at a time.
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    try await call.send(FirestoreMessages.addQueryTarget(collection: collection, targetID: 1))
                }
                group.addTask {
                    try await call.send(FirestoreMessages.addQueryTarget(collection: collection, targetID: 2))
                }
                try await group.waitForAll()
            }
            let adds = try await withTimeout(.seconds(30)) {
                var adds = 0
                for try await message in call.messages where try FirestoreMessages.targetChangeKind(message) == .add {
                    adds += 1
                    if adds == 2 {
                        call.closeSend()
                    }
                }
                return adds
            }
            #expect(adds == 2)
            await #expect(throws: Status(code: .failedPrecondition, message: "send after closeSend()")) {
                try await call.send([])
            }
        }

        @Test func aCancelledConsumerCancelsTheCall() async throws {
            let channel = try Emulator.channel()
            let call = try channel.openBidirectionalCall(method: Emulator.listen, metadata: Emulator.metadata)
            try await call.send(FirestoreMessages.addQueryTarget(collection: Emulator.uniqueCollection()))
            let consumer = Task {
                for try await _ in call.messages {}
            }
            consumer.cancel()
            _ = await consumer.result
            let sendStatus = try await withTimeout(.seconds(10)) { () -> Status? in
                do {
                    // Refused once the cancellation has reached the call.
                    while true {
                        try await call.send(FirestoreMessages.addQueryTarget(collection: "x", targetID: 9))
                        try await Task.sleep(for: .milliseconds(10))
                    }
                } catch let status as Status {
                    return status
                }
            }
            #expect(sendStatus?.code == .cancelled)
        }

        @Test func closingTheChannelCancelsItsStreams() async throws {
            let channel = try Emulator.channel()
            let call = try channel.openBidirectionalCall(method: Emulator.listen, metadata: Emulator.metadata)
            try await call.send(FirestoreMessages.addQueryTarget(collection: Emulator.uniqueCollection()))
            await channel.close()
            let status = try await withTimeout(.seconds(10)) {
                var iterator = call.messages.makeAsyncIterator()
                return await finalStatus(&iterator)
            }
            #expect(status?.code == .cancelled)
            #expect(throws: Status(code: .unavailable, message: "the channel is closed")) {
                _ = try channel.openBidirectionalCall(method: Emulator.listen, metadata: Emulator.metadata)
            }
        }
    }
}

/// Drains a stream: the `Status` it threw, or nil when it finished normally.
func finalStatus(_ iterator: inout BidirectionalCall.Messages.AsyncIterator) async -> Status? {
    do {
        while try await iterator.next() != nil {}
        return nil
    } catch {
        return error as? Status ?? Status(code: .internal, message: "not a Status: \(error)")
    }
}
