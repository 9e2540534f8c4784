extension WatchState {
    /// Applies one message of the stream and returns what it caused, in order.
    ///
    /// - Document changes, deletes and removes only update the pending changes of the targets they name
    ///   (a delete or remove naming no target applies to every target). Ids of targets that are gone are
    ///   ignored.
    /// - Snapshots are raised only at a global NO_CHANGE (no target ids) with a read time, per target that is
    ///   current and whose last consistency point is not newer, ascending by target id.
    /// - A target change with a cause, of any kind, ends the targets it names (`.targetFailed`).
    /// - Throws: `WatchError` for an ADD of an id not on the stream, a REMOVE without a cause that we did not
    ///   ask for, or an id that was never added; the state is left as it was.
    public mutating func apply(_ change: WatchChange) throws(WatchError) -> [WatchEvent] {
        if let unknown = change.namedTargetIDs.first(where: { !addedIDs.contains($0) }) {
            throw WatchError(.unknownTarget(targetID: unknown))
        }
        switch change {
        case .target(let targetChange):
            return try apply(targetChange)
        case .document(let document, let targetIDs, let removedTargetIDs):
            for id in targetIDs {
                targets[id]?.update(document)
            }
            for id in removedTargetIDs where !targetIDs.contains(id) {
                targets[id]?.remove(document.name)
            }
            return []
        case .delete(let name, let removedTargetIDs, _), .remove(let name, let removedTargetIDs, _):
            for id in removedTargetIDs.isEmpty ? targetIDs : removedTargetIDs {
                targets[id]?.remove(name)
            }
            return []
        case .existenceFilter(let filter):
            return apply(filter)
        }
    }

    private mutating func apply(_ change: TargetChange) throws(WatchError) -> [WatchEvent] {
        let ids = change.targetIDs.isEmpty ? targetIDs : change.targetIDs
        if let cause = change.cause {
            return ids.compactMap { id in
                targets.removeValue(forKey: id).map { _ in .targetFailed(id, cause: cause) }
            }
        }
        switch change.kind {
        case .noChange:
            guard change.targetIDs.isEmpty, let readTime = change.readTime else {
                for id in change.targetIDs { targets[id]?.noteToken(change.resumeToken) }
                return []
            }
            return reachConsistency(at: readTime, globalToken: change.resumeToken)
        case .add:
            return try acknowledgeAdd(change)
        case .remove:
            return try acknowledgeRemove(ids)
        case .current:
            for id in ids { targets[id]?.markCurrent(token: change.resumeToken) }
            return []
        case .reset:
            for id in ids { targets[id]?.reset() }
            return []
        }
    }

    private mutating func reachConsistency(at readTime: Timestamp, globalToken: [UInt8]) -> [WatchEvent] {
        var events: [WatchEvent] = []
        for id in targetIDs {
            events += targets[id]?.reachConsistency(at: readTime, globalToken: globalToken) ?? []
        }
        return events
    }

    /// ADD acknowledges our AddTarget; an ADD for an id we never added is a protocol violation (Google's
    /// server SDKs: "unexpected target ID sent by server"; conformance `listen-target-add-wrong-id`).
    private mutating func acknowledgeAdd(_ change: TargetChange) throws(WatchError) -> [WatchEvent] {
        if change.targetIDs.isEmpty { throw WatchError(.unexpectedAdd(targetID: 0)) }
        if let unknown = change.targetIDs.first(where: { targets[$0] == nil }) {
            throw WatchError(.unexpectedAdd(targetID: unknown))
        }
        var events: [WatchEvent] = []
        for id in change.targetIDs {
            targets[id]?.noteToken(change.resumeToken)
            if let state = targets[id], state.pendingAdds > 0 {
                targets[id]?.pendingAdds -= 1
                events.append(.targetAdded(id))
            }
        }
        return events
    }

    /// REMOVE without a cause acknowledges our RemoveTarget; for a target we did not remove it is a protocol
    /// violation (conformance `listen-target-remove`). Unknown ids are ignored.
    private mutating func acknowledgeRemove(_ ids: [Int32]) throws(WatchError) -> [WatchEvent] {
        if let unasked = ids.first(where: { targets[$0].map { $0.pendingRemoves == 0 } ?? false }) {
            throw WatchError(.unexpectedRemove(targetID: unasked))
        }
        var events: [WatchEvent] = []
        for id in ids {
            guard var state = targets[id] else { continue }
            state.pendingRemoves -= 1
            if state.pendingRemoves == 0 && state.isRemoved {
                targets[id] = nil
                events.append(.targetRemoved(id))
            } else {
                targets[id] = state
            }
        }
        return events
    }

    /// An existence filter for one target (id 0, the proto default, means the only target when there is
    /// exactly one, as single-target clients read it). A count that cannot be reconciled resets the target
    /// and asks the owner to listen to it again without a resume point.
    private mutating func apply(_ filter: ExistenceFilter) -> [WatchEvent] {
        let id: Int32
        if filter.targetID == 0 {
            guard targets.count == 1, let only = targets.keys.first else { return [] }
            id = only
        } else {
            id = filter.targetID
        }
        guard let spec = targets[id]?.target.spec, targets[id]?.acceptsChanges == true,
            targets[id]?.reconcile(with: filter) == false
        else { return [] }
        targets[id]?.reset()
        return [.relisten(ListenTarget(id: id, spec: spec))]
    }
}

extension WatchChange {
    /// The target ids the message names explicitly (an existence filter's 0 names none), but for an ADD: an
    /// ADD must name a target on the stream, which `acknowledgeAdd` checks.
    var namedTargetIDs: [Int32] {
        switch self {
        case .target(let change): change.kind == .add ? [] : change.targetIDs  // an ADD has its own check
        case .document(_, let targetIDs, let removedTargetIDs): targetIDs + removedTargetIDs
        case .delete(_, let removedTargetIDs, _), .remove(_, let removedTargetIDs, _): removedTargetIDs
        case .existenceFilter(let filter): filter.targetID == 0 ? [] : [filter.targetID]
        }
    }
}
