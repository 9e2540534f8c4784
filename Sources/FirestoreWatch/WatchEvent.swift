/// What `WatchState.apply(_:)` tells its owner, in the order it happened.
public enum WatchEvent: Hashable, Sendable {
    /// The server acknowledged an `add(_:)` of this target.
    case targetAdded(Int32)
    /// The target reached its first consistency point after CURRENT on this stream (the contract's
    /// `current` event). Follows the target's snapshot when one is raised at the same point.
    case current(targetID: Int32, readTime: Timestamp)
    /// A new consistent view of a target.
    case snapshot(ViewSnapshot)
    /// The server acknowledged our own `remove(targetID:)`; the target is gone from the state.
    case targetRemoved(Int32)
    /// The server removed the target with a cause (invalid query, missing index, permission); the target is
    /// gone from the state. Not to be retried blindly.
    case targetFailed(Int32, cause: TargetChange.Cause)
    /// An existence filter showed that the view is wrong and its bloom filter could not tell which documents
    /// are gone. The target is reset; its owner must call `remove(targetID:)` and then `add(_:)` with this
    /// target (which has no resume point), and send both requests on the same stream.
    case relisten(ListenTarget)
}
