/// Where a listener keeps what it needs to resume after a restart: the resume token, the read time and the
/// last consistent documents, in a SQLite file (mode 0600, WAL; the command line's `--state` format).
///
/// A listener given a store resumes from it and reports, as its first snapshot (`metadata.isInitial`
/// false), exactly what changed while the program was stopped. Each snapshot is saved once it has been
/// delivered, so a crash can repeat a change but never lose one. One file belongs to one query: a file of
/// another query fails the listener with `.failedPrecondition`, unless `reset` starts it afresh.
///
/// ```swift
/// let store = ListenStateStore(path: "queue.state")
/// for try await snapshot in db.collection("queue").snapshots(stateStore: store) { … }
/// ```
public struct ListenStateStore: Hashable, Sendable {
    /// The SQLite file; made (mode 0600) when missing.
    public var path: String
    /// Forget what the file holds when the listener starts.
    public var reset: Bool

    /// The store in the file at `path`; `reset` forgets what it holds when the listener starts.
    public init(path: String, reset: Bool = false) {
        self.path = path
        self.reset = reset
    }
}
