public import FirestoreWatch

extension Wire {
    /// What one `ListenRequest` asks of the stream (`ListenRequest.target_change`).
    public enum ListenRequestBody: Hashable, Sendable {
        /// `add_target`: start watching a target, from its resume point if it has one.
        case add(ListenTarget)
        /// `remove_target`: stop watching the target with this id.
        case remove(Int32)
    }
}
