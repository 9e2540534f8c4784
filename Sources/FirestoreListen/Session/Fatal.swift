import GRPCTransport

/// A status that ends the listener, thrown past the handling of a stream's own end (which retries).
struct Fatal: Error {
    let status: Status
    init(_ status: Status) { self.status = status }
}
