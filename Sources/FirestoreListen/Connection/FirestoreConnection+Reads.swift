import FirestoreWatch
import FirestoreWire
import GRPCTransport

extension FirestoreConnection {
    /// The documents a query returns now, in the server's order, and the time they were read (RunQuery).
    /// - Throws: `FirestoreErrorCode` with the server's status, or `.internal` when a response does not
    ///   decode or none carries a read time.
    package func runQueryWithReadTime(
        _ query: FirestoreWatch.Query
    ) async throws(FirestoreErrorCode) -> (documents: [Document], readTime: Timestamp) {
        do {
            let call = try channel.openBidirectionalCall(method: Method.runQuery, metadata: metadata)
            try await call.send(Wire.encodeRunQueryRequest(query))
            call.closeSend()
            var documents: [Document] = []
            var readTime: Timestamp?
            for try await message in call.messages {
                let response = try Wire.decodeRunQueryResponse(message)
                if let document = response.document { documents.append(document) }
                if let time = response.readTime { readTime = time }
            }
            guard let readTime else {
                throw FirestoreErrorCode(.internal, message: "the RunQuery responses carried no read time")
            }
            return (documents, readTime)
        } catch {
            throw FirestoreErrorCode(error)
        }
    }
}
