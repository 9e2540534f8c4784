import FirestoreWatch
import GRPCTransport

/// Everything that belongs to one Listen stream, from its opening to its end: replaced as a whole when the
/// next stream opens, so nothing of an old stream (a probe, a wait for an answer, a reason to restart) leaks
/// into a new one.
struct StreamAttempt: Sendable {
    /// Why the session itself ended the stream.
    enum Interruption: Hashable, Sendable {
        /// A request had no answer in time.
        case presumedDead
        /// `maxRetryTime` ran out before the stream sent anything.
        case ranOutOfTime
        /// The stream is replaced on purpose (a refused token, a failed existence filter): this status.
        case restart(Status)
        /// Every listener left.
        case stopped
    }

    /// Completions of an older stream are dropped by comparing this with the session's.
    let generation: Int
    let stream: any ListenStream
    var liveness: Liveness
    /// The AddTargets not sent yet (a target may be replaced or removed while they go out).
    var unsentAdds: [ListenTarget] = []
    /// The liveness probe's target id, while one is out.
    var probeID: Int32?
    /// The stream has sent at least one message.
    var answered = false
    /// The stream reached a consistent point.
    var healthy = false
    /// The targets whose `current` was reported on this stream.
    var currentReported: Set<Int32> = []
    var interruption: Interruption?

    init(generation: Int, stream: any ListenStream, liveness: Liveness) {
        self.generation = generation
        self.stream = stream
        self.liveness = liveness
    }

    /// Ends the stream for `reason`; the first reason given wins.
    mutating func interrupt(_ reason: Interruption) {
        if interruption == nil { interruption = reason }
        stream.cancel()
    }
}
