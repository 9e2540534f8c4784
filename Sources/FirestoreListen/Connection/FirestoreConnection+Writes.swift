import FirestoreWatch
import FirestoreWire
import GRPCTransport

extension FirestoreConnection {
    /// One Commit of `writes`, applied atomically. Never retried: an unknown outcome is reported, not replayed.
    /// - Throws: `FirestoreErrorCode` with the server's status (NOT_FOUND, FAILED_PRECONDITION, …), or
    ///   `.internal` when the response does not decode.
    package func commit(_ writes: [DocumentWrite]) async throws(FirestoreErrorCode) -> CommitResponse {
        let request = Wire.encodeCommitRequest(database: settings.databaseName, writes: writes)
        let response = try await Self.call {
            try await channel.unary(method: Method.commit, request: request, metadata: metadata, timeout: .seconds(60))
        }
        do {
            return try Wire.decodeCommitResults(response)
        } catch {
            throw FirestoreErrorCode(
                .internal, message: "the Commit succeeded but its response did not decode: \(error.message)")
        }
    }
}

extension FirestoreErrorCode {
    /// The error of whatever a call threw: a gRPC status keeps its code; anything else is `.unknown`.
    init(_ error: any Error) {
        switch error {
        case let error as FirestoreErrorCode: self = error
        case let status as Status: self.init(status)
        case let error as WireError: self.init(.internal, message: "a response did not decode: \(error.message)")
        default: self.init(.unknown, message: "\(error)")
        }
    }
}
