import FirestoreWatch
import FirestoreWire

/// Opens Listen streams: the seam between `ListenSession` and the network. `FirestoreConnection` is the
/// real one; tests script their own.
package protocol ListenTransport: Sendable {
    /// Opens a new stream. Nothing is sent yet.
    /// - Throws: the `Status` of a stream that cannot be opened.
    func openListenStream() throws -> any ListenStream

    /// The current connection is presumed dead (nothing came back for too long), or its credentials were
    /// refused (UNAUTHENTICATED): the next stream must use a new connection with credentials read afresh.
    func discardConnection()
}

/// One open Listen stream.
package protocol ListenStream: Sendable {
    /// The server's messages, decoded as they are taken (iterate it once). Ends normally when the server
    /// closes the stream with OK; throws `Status` when the call fails, or `WireError` when a message does
    /// not decode (the owner then cancels the stream). A consumer that takes its time holds the server
    /// back: the stream reads only a little ahead of it.
    var changes: any AsyncSequence<WatchChange, any Error> { get }
    /// Sends one request; waits until the previous one has been handed to the transport.
    func send(_ request: Wire.ListenRequestBody) async throws
    /// Ends the stream now (the `changes` sequence then throws CANCELLED). Safe from any thread, twice.
    func cancel()
}
