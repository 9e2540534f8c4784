/// Every target of one Listen stream, turned from the server's messages into consistent snapshots.
///
/// A value type with one owner, the `ListenSession` actor; nothing here blocks or allocates threads. The
/// owner tells it what it sends (`add(_:)`, `remove(targetID:)`, `streamDidRestart()`), feeds it every
/// decoded message with `apply(_:)`, and acts on the returned `WatchEvent`s. It keeps, per target, the last
/// raised view (documents by name and in query order), the changes pending since then, the current flag, the
/// resume point and the read time, following §2 of the protocol reference (Google's Node, Go and Firebase
/// clients). `persistedTarget(_:)` and `restore(_:)` carry a target across runs.
///
/// One target:
///
/// ```
///        add(_:) or restore(_:)
///                 │
///                 ▼                 CURRENT
///   ┌──────► LISTENING ──────────────────────────────► CURRENT ◄───┐
///   │             ▲                                      │  │      │ global NO_CHANGE with a read time:
///   │             └──── RESET, an existence filter ──────┘  └──────┘ .snapshot when first or changed,
///   │                   that cannot be settled,                      .current once per stream; the
///   │ add(_:),          streamDidRestart()                           resume point is committed
///   │ same id
///   └──── REMOVING ◄── remove(targetID:), from any state
///             │
///             └── REMOVE ──► gone (.targetRemoved)
///
///   any state ── REMOVE with a cause ──► gone (.targetFailed)
/// ```
///
/// - LISTENING collects document changes; ADD only acknowledges (`.targetAdded`). Changes are accepted
///   before the ADD arrives, as Google's server SDKs do (the conformance tests send none).
/// - In REMOVING the server's messages for the id belong to the old incarnation and are ignored. A re-add of
///   the same id before the REMOVE arrives (what `.relisten` asks for) keeps the view, so the next snapshot
///   reports only the difference.
///
/// `apply(_:)` throws `WatchError` (INTERNAL) on a protocol violation: an ADD for an id not on the stream, a
/// REMOVE without a cause that we did not ask for, or any message naming an id that was never added. The
/// state is then unchanged; the owner ends the listener.
public struct WatchState: Sendable {
    var targets: [Int32: TargetState] = [:]
    /// Every id ever added or restored: a message may still name a target that is gone (it is ignored), but
    /// never one that was not added (a protocol violation).
    var addedIDs: Set<Int32> = []

    /// No targets.
    public init() {}

    /// The ids of every target on the stream, ascending (including targets being removed).
    public var targetIDs: [Int32] {
        targets.keys.sorted()
    }

    /// The ids of the targets on the stream that are not being removed, ascending.
    public var activeTargetIDs: [Int32] {
        targets.filter { !$0.value.isRemoved }.keys.sorted()
    }

    /// The last raised view of a target, in query order; nil for an unknown id.
    public func documents(targetID: Int32) -> [Document]? {
        targets[targetID]?.view.documents
    }

    /// Records that `target` is being sent in an AddTarget on the current stream.
    ///
    /// Its `resume` is kept as the target's resume point. Adding an id whose removal is pending re-adds it
    /// (see the type's documentation): with the same spec the view is kept; with another spec it starts anew.
    /// Adding an id that is on the stream and not being removed is a bug in the caller and traps.
    public mutating func add(_ target: ListenTarget) {
        precondition(target.id > 0, "target ids are positive, not \(target.id)")
        addedIDs.insert(target.id)
        guard var state = targets[target.id] else {
            targets[target.id] = TargetState(adding: target)
            return
        }
        precondition(state.isRemoved, "target \(target.id) is already on the stream")
        if state.target.spec == target.spec {
            state.readd(target)
        } else {
            let pendingRemoves = state.pendingRemoves
            state = TargetState(adding: target)
            state.pendingRemoves = pendingRemoves
        }
        targets[target.id] = state
    }

    /// Records that a RemoveTarget for `targetID` is being sent. Its REMOVE acknowledgement yields
    /// `.targetRemoved`; until then the target's messages are ignored. An unknown id is ignored.
    public mutating func remove(targetID: Int32) {
        targets[targetID]?.pendingRemoves += 1
        targets[targetID]?.isRemoved = true
    }

    /// Forgets a target whose AddTarget was never sent on the current stream: no REMOVE will come for it.
    public mutating func discardUnsent(targetID: Int32) {
        targets[targetID] = nil
    }

    /// A new stream replaces the broken one. Returns the targets to add on it, ascending by id, each with its
    /// resume point and expected count, and records them as added.
    ///
    /// Every target keeps its view and resume point, loses its pending changes (the server sends them again)
    /// and is no longer current. Targets being removed are dropped without an event: the old stream took
    /// them along.
    public mutating func streamDidRestart() -> [ListenTarget] {
        var added: [ListenTarget] = []
        for id in targetIDs {
            guard var state = targets[id], !state.isRemoved else {
                targets[id] = nil
                continue
            }
            state.restartStream()
            targets[id] = state
            added.append(state.resumeTarget)
        }
        return added
    }

    /// The target as it would be added on a new stream now (resume point and expected count included);
    /// nil for an unknown id.
    public func resumeTarget(_ targetID: Int32) -> ListenTarget? {
        targets[targetID]?.resumeTarget
    }

    /// What to persist of a target: its last raised view, resume point and read time; nil for an unknown id.
    public func persistedTarget(_ targetID: Int32) -> PersistedTarget? {
        targets[targetID]?.persisted
    }

    /// Puts back a target persisted by an earlier run and returns the target to send in the AddTarget, with
    /// its resume point and expected count; it is recorded as added.
    ///
    /// The restored view counts as raised: the first snapshot is not initial and reports exactly the
    /// difference to the restored documents, whether the server then sends only the changes or, as the
    /// emulator always does, RESET and the whole result. Restoring an id that is on the stream traps.
    public mutating func restore(_ persisted: PersistedTarget) -> ListenTarget {
        let id = persisted.target.id
        precondition(id > 0, "target ids are positive, not \(id)")
        precondition(targets[id] == nil, "target \(id) is already on the stream")
        let state = TargetState(restoring: persisted)
        targets[id] = state
        addedIDs.insert(id)
        return state.resumeTarget
    }
}
