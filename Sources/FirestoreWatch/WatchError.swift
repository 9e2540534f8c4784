/// A protocol violation on a Listen stream: the server sent something that cannot happen.
///
/// The stream's state can no longer be trusted, so the listener stops (Google's server SDKs do the same);
/// `codeName` is the gRPC status name the CLI prints, `description` one line for a human.
public struct WatchError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Reason: Hashable, Sendable {
        /// An ADD for a target id that was never added (0: an ADD naming no target).
        case unexpectedAdd(targetID: Int32)
        /// A REMOVE without a cause for a target that we did not remove.
        case unexpectedRemove(targetID: Int32)
        /// A document change, target change or existence filter naming a target id that was never added.
        case unknownTarget(targetID: Int32)
    }

    public var reason: Reason

    public init(_ reason: Reason) {
        self.reason = reason
    }

    /// Always `INTERNAL`, as Google's clients report these.
    public var codeName: String { "INTERNAL" }

    public var message: String {
        switch reason {
        case .unexpectedAdd(let id): "Unexpected target ID \(id) sent by the server in an ADD"
        case .unexpectedRemove(let id): "The server removed target \(id) without a cause"
        case .unknownTarget(let id): "The server sent a change for target \(id), which was never added"
        }
    }

    public var description: String { "\(codeName): \(message)" }
}
