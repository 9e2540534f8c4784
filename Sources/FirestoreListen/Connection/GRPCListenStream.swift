import FirestoreWatch
import FirestoreWire
import GRPCTransport

/// A Listen stream over a gRPC bidirectional call: encodes requests, and decodes each response when the
/// session takes it (so the call's read-ahead bounds what waits in memory).
final class GRPCListenStream: ListenStream {
    private let call: BidirectionalCall
    private let database: String

    init(call: BidirectionalCall, database: String) {
        self.call = call
        self.database = database
    }

    var changes: any AsyncSequence<WatchChange, any Error> {
        call.messages.map { try Wire.decodeListenResponse($0) }
    }

    func send(_ request: Wire.ListenRequestBody) async throws {
        try await call.send(Wire.encodeListenRequest(database: database, request))
    }

    func cancel() {
        call.cancel()
    }
}
