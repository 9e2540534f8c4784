internal import Foundation

/// A gRPC channel: one HTTP/2 connection (made lazily, remade by gRPC after a failure) that carries calls.
///
/// Ownership: owns the C channel, its completion queue and the poller thread (one OS thread that blocks
/// in `grpc_completion_queue_next`, never a Swift concurrency thread). Each `BidirectionalCall` keeps its
/// channel alive. `close()`, or the last reference going away, cancels every call and frees it all.
/// Thread safety: every method may be called from any thread or task; `ChannelCore` does the locking.
public final class Channel: Sendable {
    let core: ChannelCore

    /// Creates the channel and starts its poller thread. No connection is made until the first call.
    /// With `.googleDefault` this may block for a moment while gRPC looks for credentials.
    /// - Throws: `Status` `UNAUTHENTICATED` when Application Default Credentials cannot be found;
    ///   `INVALID_ARGUMENT` for custom root certificates combined with them.
    public init(configuration: ChannelConfiguration) throws(Status) {
        let core = try ChannelCore(configuration: configuration)
        self.core = core
        let poller = Thread { core.pollUntilShutdown() }
        poller.name = "grpc-completion-queue"
        poller.start()
    }

    deinit {
        core.shutdown()
    }

    /// Opens a bidirectional streaming call (no deadline) and starts receiving.
    /// - Parameters:
    ///   - method: `/package.Service/Method`, e.g. `/google.firestore.v1.Firestore/Listen`.
    ///   - metadata: request headers, lowercase keys, e.g. `("authorization", "Bearer owner")`.
    /// - Throws: `Status` `INVALID_ARGUMENT` for metadata gRPC refuses; `UNAVAILABLE` once closed.
    ///   Connection failures arrive later, through `BidirectionalCall.messages`.
    public func openBidirectionalCall(method: String, metadata: [(String, String)]) throws(Status) -> BidirectionalCall
    {
        try BidirectionalCall(channel: self, method: method, metadata: metadata)
    }

    /// Makes one unary call: sends `request`, half-closes, returns the one response.
    ///
    /// Does not wait for a connection: with nothing listening it throws `UNAVAILABLE` at once. Cancelling
    /// the calling task cancels the call.
    /// - Parameter timeout: the deadline, from now (Google's service config: 60 s for Commit).
    /// - Throws: the call's `Status` when it is not `OK` (`DEADLINE_EXCEEDED` after `timeout`,
    ///   `CANCELLED`, `UNAVAILABLE`, the server's code); `INTERNAL` for an `OK` without a response.
    public func unary(
        method: String,
        request: [UInt8],
        metadata: [(String, String)],
        timeout: Duration
    ) async throws(Status) -> [UInt8] {
        try await core.unary(method: method, request: request, metadata: metadata, timeout: timeout).get()
    }

    /// Closes the channel: cancels every call (their streams end `CANCELLED`), then returns once the
    /// poller thread has freed every gRPC object. Later calls throw `UNAVAILABLE`. Idempotent.
    public func close() async {
        await withCheckedContinuation { core.shutdown(waiter: $0) }
    }
}
