/// Where a snapshot came from.
public struct SnapshotMetadata: Hashable, Sendable {
    /// Always false: this library has no local cache; every snapshot is the server's consistent view.
    public var isFromCache: Bool { false }
    /// Always false: writes go straight to the server.
    public var hasPendingWrites: Bool { false }
    /// The first snapshot of a listener that had no stored state.
    public var isInitial: Bool
    /// The listener continued from a resume token (after a reconnect, or a restart with a state store).
    public var isResumed: Bool

    package init(isInitial: Bool, isResumed: Bool) {
        self.isInitial = isInitial
        self.isResumed = isResumed
    }
}
