/// How a call ended: a gRPC status code and the server's (or gRPC's) message.
///
/// Thrown by every failing operation of this module. A network failure is `UNAVAILABLE`, a cancelled call
/// `CANCELLED`, a passed deadline `DEADLINE_EXCEEDED`; everything else is what the server sent. Map codes,
/// never messages: messages differ between the emulator and production.
public struct Status: Error, Hashable, Sendable, CustomStringConvertible {
    public var code: StatusCode
    public var message: String

    public init(code: StatusCode, message: String = "") {
        self.code = code
        self.message = message
    }

    /// `NAME: message`, or just `NAME` when there is no message.
    public var description: String {
        message.isEmpty ? code.name : "\(code.name): \(message)"
    }
}

extension Status {
    /// Thrown for a call on a channel that is closing or closed.
    static let channelClosed = Status(code: .unavailable, message: "the channel is closed")

    /// What a send that could not be delivered throws, given the call's final status: that status, or
    /// `UNKNOWN` when the call ended cleanly before the message went out (Google's clients treat a clean
    /// end the same way).
    var sendFailure: Status {
        code == .ok ? Status(code: .unknown, message: "the call ended before the message was sent") : self
    }
}
