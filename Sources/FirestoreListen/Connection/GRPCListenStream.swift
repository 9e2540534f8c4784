import FirestoreWatch
import FirestoreWire
import GRPCTransport

/// A Listen stream over a gRPC bidirectional call: encodes requests and decodes responses.
final class GRPCListenStream: ListenStream {
    private let call: BidirectionalCall
    private let database: String
    let changes: AsyncThrowingStream<WatchChange, any Error>

    init(call: BidirectionalCall, database: String) {
        self.call = call
        self.database = database
        let (changes, continuation) = AsyncThrowingStream.makeStream(of: WatchChange.self)
        self.changes = changes
        let decoder = Task {
            do {
                for try await message in call.messages {
                    continuation.yield(try Wire.decodeListenResponse(message))
                }
                continuation.finish()
            } catch {
                call.cancel()
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in
            decoder.cancel()
            call.cancel()
        }
    }

    func send(_ request: Wire.ListenRequestBody) async throws {
        try await call.send(Wire.encodeListenRequest(database: database, request))
    }

    func cancel() {
        call.cancel()
    }
}
