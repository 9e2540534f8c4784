import FirestoreWatch
import GRPCTransport

/// What a `ListenSession` reports, in order.
package enum ListenEvent: Sendable {
    /// The stream is open and the server acknowledged the target.
    case listening(targetID: Int32)
    /// The listener is in sync with the server for the first time on this stream.
    case current(targetID: Int32, readTime: Timestamp)
    /// A consistent snapshot with its changes, and the resume point committed with it (what a state file
    /// stores together with the snapshot's documents).
    case snapshot(ViewSnapshot, resume: ResumePoint?)
    /// The stream broke and will be retried after `delay`.
    case reconnecting(attempt: Int, delay: Duration, status: FirestoreErrorCode)
    /// A new stream continues from a resume point; `readTime` is that of the last snapshot.
    case resumed(targetID: Int32, readTime: Timestamp?)
    /// A decoded server message, for the `--raw` debugging view.
    case message(WatchChange)
}

extension ListenEvent {
    /// The target the event concerns; nil for events of the stream (`reconnecting`, raw messages).
    var targetID: Int32? {
        switch self {
        case .listening(let id), .current(let id, _), .resumed(let id, _): id
        case .snapshot(let view, _): view.targetID
        case .reconnecting, .message: nil
        }
    }
}
