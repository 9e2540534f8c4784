import FirestoreWatch
import FirestoreWire
import GRPCTransport

/// The consumers and their targets: replacing a target on the live stream, a consumer leaving or failing,
/// and what the session holds.
extension ListenSession {
    /// Replaces a target's query on the live stream: removes the old target and adds the new one, without
    /// reconnecting; the new target's events go to the old one's consumer. Returns the new target's id.
    /// - Throws: `FirestoreErrorCode` `.notFound` when no consumer listens to target `id` (it failed, or
    ///   its consumer left): nothing is sent.
    package func replaceTarget(_ id: Int32, with spec: TargetSpec) async throws(FirestoreErrorCode) -> Int32 {
        guard let owner = subscriber(of: id) else {
            throw FirestoreErrorCode(.notFound, message: "target \(id) is not listened to")
        }
        let newID = nextTargetID
        nextTargetID += 1
        let target = ListenTarget(id: newID, spec: spec)
        subscribers[owner]?.targets.remove(id)
        subscribers[owner]?.targets.insert(newID)
        if let unsent = attempt?.unsentAdds.firstIndex(where: { $0.id == id }) {
            // The new stream has not sent the old target yet: send the new one in its place.
            state.discardUnsent(targetID: id)
            state.add(target)
            attempt?.unsentAdds[unsent] = target
            return newID
        }
        state.remove(targetID: id)
        state.add(target)
        if let stream = attempt?.stream {
            // A failed send breaks the stream, whose end then reopens it with the new target.
            try? await send(.remove(id), on: stream)
            try? await send(.add(target), on: stream)
        }
        return newID
    }

    /// The number of targets that consumers listen to now.
    package var listenedTargets: Int {
        subscribers.values.reduce(0) { $0 + $1.targets.count }
    }

    /// The targets the session holds, other than the liveness probe: each is on the stream, being added,
    /// or to be added on the next one (a target being removed does not count).
    package var heldTargets: Set<Int32> {
        Set(state.activeTargetIDs.filter { $0 != attempt?.probeID })
    }

    /// The consumer `id` left: its targets leave the stream, and the last consumer stops the session.
    func unsubscribe(_ id: Int?) async {
        guard let id else { return }
        await end(subscriber: id, throwing: nil)
    }

    /// Ends consumer `id` with `error` and takes its targets off the stream.
    func fail(subscriber id: Int, with error: FirestoreErrorCode) async {
        await end(subscriber: id, throwing: error)
    }

    /// Ends consumer `id` (cleanly when `error` is nil), takes its targets off the stream, and stops the
    /// session after the last one.
    private func end(subscriber id: Int, throwing error: FirestoreErrorCode?) async {
        guard let subscriber = subscribers.removeValue(forKey: id) else { return }
        subscriber.continuation.finish(throwing: error)
        await removeTargets(subscriber.targets)
        if subscribers.isEmpty { stop() }
    }

    /// The consumer of target `id`, if any.
    func subscriber(of id: Int32) -> Int? {
        subscribers.first { $0.value.targets.contains(id) }?.key
    }

    private func removeTargets(_ ids: Set<Int32>) async {
        for id in ids.sorted() {
            if let unsent = attempt?.unsentAdds.firstIndex(where: { $0.id == id }) {
                attempt?.unsentAdds.remove(at: unsent)
                state.discardUnsent(targetID: id)
            } else if state.targetIDs.contains(id) {
                state.remove(targetID: id)
                if let stream = attempt?.stream { try? await send(.remove(id), on: stream) }
            }
        }
    }
}
