import FirestoreWatch

/// One consumer of a session's events: a listener of the client (one target) or the command line (the
/// session's initial targets). Owned by the session; the consumer holds the other end, `ListenEvents`.
struct Subscriber: Sendable {
    let continuation: AsyncThrowingStream<ListenEvent, any Error>.Continuation
    let credit: EventCredit
    /// The targets whose events go to this consumer.
    var targets: Set<Int32>

    /// Hands `event` to the consumer, counting it against its credit.
    func yield(_ event: ListenEvent) {
        if case .enqueued = continuation.yield(event) { credit.produced() }
    }
}
