import FirestoreWatch
import FirestoreWire
import GRPCTransport

/// The translation of one server message into the consumers' events: what `WatchState` says happened,
/// with the probe's own targets kept out of sight, `current` before the snapshot it makes consistent, and a
/// refused resume token retried once without it.
extension ListenSession {
    func handle(_ change: WatchChange, on stream: any ListenStream) async throws {
        if configuration.reportsMessages { emit(.message(change)) }
        // A REMOVE with a cause takes the target away; keep what we hold in case it was a refused resume.
        var refused: [Int32: PersistedTarget] = [:]
        if case .target(let targetChange) = change, targetChange.kind == .remove, targetChange.cause != nil {
            for id in targetChange.targetIDs {
                if let held = state.persistedTarget(id), held.resume != nil { refused[id] = held }
            }
        }
        let events = Self.currentFirst(try state.apply(change))
        let snapshotTargets = Set(events.compactMap { if case .snapshot(let view) = $0 { view.targetID } else { nil } })
        for event in events {
            switch event {
            case .targetAdded(let id):
                if id == attempt?.probeID {
                    state.remove(targetID: id)
                    try await send(.remove(id), on: stream)
                } else if state.resumeTarget(id)?.resume == nil {
                    emit(.listening(targetID: id))
                } else {
                    emit(.resumed(targetID: id, readTime: state.persistedTarget(id)?.readTime))
                }
            case .current(let id, let readTime):
                guard subscriber(of: id) != nil else { continue }
                // A consistent point: the stream works (the backoff starts again from 0 after it), and a
                // token-less re-listen has caught up, so a later refusal may be retried again.
                markHealthy(id)
                if attempt?.currentReported.insert(id).inserted == true {
                    emit(.current(targetID: id, readTime: readTime))
                }
                if !snapshotReported.contains(id), !snapshotTargets.contains(id) {
                    // A restored view that nothing changed: report it, so that `--once` and a restarted
                    // listener see the consistent point (`initial: false`, no changes).
                    let view = ViewSnapshot(
                        targetID: id,
                        initial: false,
                        readTime: readTime,
                        documents: state.documents(targetID: id) ?? [],
                        changes: []
                    )
                    snapshotReported.insert(id)
                    emit(.snapshot(view, resume: state.persistedTarget(id)?.resume))
                }
            case .snapshot(let snapshot):
                guard subscriber(of: snapshot.targetID) != nil else { continue }
                markHealthy(snapshot.targetID)
                snapshotReported.insert(snapshot.targetID)
                emit(.snapshot(snapshot, resume: state.persistedTarget(snapshot.targetID)?.resume))
            case .targetRemoved(let id):
                if id == attempt?.probeID { attempt?.probeID = nil }
            case .relisten(let target):
                attempt?.interrupt(
                    .restart(
                        Status(
                            code: .aborted,
                            message: "the server's count of target \(target.id) disagrees with ours; listening afresh"
                        )))
            case .targetFailed(let id, let cause):
                // A refused probe is an answer too: the connection lives; the next quiet spell probes again.
                if id == attempt?.probeID { attempt?.probeID = nil }
                guard let consumer = subscriber(of: id) else { continue }
                if var held = refused[id], retriedWithoutToken.insert(id).inserted {
                    held.resume = nil
                    held.target.resume = nil
                    _ = state.restore(held)
                    attempt?.interrupt(
                        .restart(
                            Status(
                                code: .aborted,
                                message:
                                    "the server refused to resume target \(id) (\(cause.message)); listening afresh"
                            )))
                } else {
                    let failure = Status(code: StatusCode(rawValue: cause.code), message: cause.message)
                    await fail(subscriber: consumer, with: FirestoreErrorCode(failure))
                }
            }
        }
    }

    private func markHealthy(_ targetID: Int32) {
        attempt?.healthy = true
        budget.streamIsHealthy()
        retriedWithoutToken.remove(targetID)
    }

    /// The events with each `.current` moved before the snapshot of the same target and consistent point, so
    /// that `current` always precedes the snapshot it makes consistent (`--once` then prints both).
    private static func currentFirst(_ events: [WatchEvent]) -> [WatchEvent] {
        var ordered: [WatchEvent] = []
        for event in events {
            if case .current(let id, _) = event,
                let snapshot = ordered.firstIndex(where: {
                    if case .snapshot(let view) = $0 { view.targetID == id } else { false }
                })
            {
                ordered.insert(event, at: snapshot)
            } else {
                ordered.append(event)
            }
        }
        return ordered
    }
}
