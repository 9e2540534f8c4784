/// What `addSnapshotListener` returns: `remove()` stops the listener and takes its target off the stream.
public protocol ListenerRegistration: Sendable {
    /// Stops the listener. Safe to call more than once and from any thread; no callback starts after it
    /// returns (one already under way on another thread finishes).
    func remove()
}
