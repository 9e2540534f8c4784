import GRPCTransport

extension Status {
    /// Whether a Listen stream that ended with this status is reopened, as Google's Node and Go clients
    /// decide: transient server and network conditions yes (and a clean end); a refused request no.
    var isRetryable: Bool {
        switch code {
        case .ok, .cancelled, .unknown, .deadlineExceeded, .resourceExhausted, .aborted, .internal, .unavailable,
            .unauthenticated:
            true
        default:
            false
        }
    }
}
