import Synchronization

/// The registration of an `addSnapshotListener` callback: the task that feeds it, and whether it was removed.
final class SnapshotListenerRegistration: ListenerRegistration {
    private let removed = Mutex(false)
    private let task = Mutex<Task<Void, Never>?>(nil)

    /// Starts `feed`, which calls the listener while `isRemoved` is false.
    init(_ feed: @escaping @Sendable (SnapshotListenerRegistration) async -> Void) {
        // The task holds the registration: a listener lives until `remove()`, as in Firebase, even when the
        // registration is not kept.
        let started = Task { await feed(self) }
        task.withLock { $0 = started }
    }

    var isRemoved: Bool { removed.withLock { $0 } }

    func remove() {
        removed.withLock { $0 = true }
        task.withLock { $0 }?.cancel()
    }
}

extension Query {
    /// Listens to the query and calls `listener` with each snapshot, or once with the error that ends the
    /// listener; as in Firebase's Apple SDK. The callback runs on a task of the library, one call at a time.
    ///
    /// ```swift
    /// let registration = db.collection("queue").whereField("status", isEqualTo: "pending")
    ///     .addSnapshotListener { snapshot, error in
    ///         guard let snapshot else { return print(error!) }
    ///         for change in snapshot.documentChanges where change.type != .removed {
    ///             print(change.document.documentID, change.document.data()["text"] as? String ?? "")
    ///         }
    ///     }
    /// registration.remove()   // takes the target off the shared stream; no call follows
    /// ```
    /// - Parameter stateStore: where the listener resumes from after a restart, if anywhere.
    @discardableResult
    public func addSnapshotListener(
        stateStore: ListenStateStore? = nil,
        _ listener: @escaping @Sendable (QuerySnapshot?, (any Error)?) -> Void
    ) -> any ListenerRegistration {
        let snapshots = self.snapshots(stateStore: stateStore)
        return SnapshotListenerRegistration { registration in
            await deliver(snapshots, to: listener, while: registration)
        }
    }

    /// `addSnapshotListener(_:)`; metadata-only changes never happen here (there is no local cache).
    @discardableResult
    public func addSnapshotListener(
        includeMetadataChanges: Bool,
        listener: @escaping @Sendable (QuerySnapshot?, (any Error)?) -> Void
    ) -> any ListenerRegistration {
        addSnapshotListener(listener)
    }

    /// The query's snapshots as an asynchronous sequence, which ends when its task is cancelled; as in
    /// Firebase's Apple SDK.
    ///
    /// ```swift
    /// for try await snapshot in db.collection("queue").order(by: "number").snapshots() {
    ///     print(snapshot.count, "waiting")
    /// }
    /// ```
    /// - Parameter stateStore: where the listener resumes from after a restart, if anywhere.
    public func snapshots(stateStore: ListenStateStore? = nil) -> QuerySnapshotSequence {
        QuerySnapshotSequence(query: self, stateStore: stateStore)
    }

    /// `snapshots()`; metadata-only changes never happen here (there is no local cache).
    public func snapshots(includeMetadataChanges: Bool) -> QuerySnapshotSequence {
        snapshots()
    }
}

extension DocumentReference {
    /// Listens to the document and calls `listener` with each snapshot (`exists` false while there is no
    /// document), or once with the error that ends the listener; as in Firebase's Apple SDK.
    @discardableResult
    public func addSnapshotListener(
        stateStore: ListenStateStore? = nil,
        _ listener: @escaping @Sendable (DocumentSnapshot?, (any Error)?) -> Void
    ) -> any ListenerRegistration {
        let snapshots = self.snapshots(stateStore: stateStore)
        return SnapshotListenerRegistration { registration in
            await deliver(snapshots, to: listener, while: registration)
        }
    }

    /// `addSnapshotListener(_:)`; metadata-only changes never happen here (there is no local cache).
    @discardableResult
    public func addSnapshotListener(
        includeMetadataChanges: Bool,
        listener: @escaping @Sendable (DocumentSnapshot?, (any Error)?) -> Void
    ) -> any ListenerRegistration {
        addSnapshotListener(listener)
    }

    /// The document's snapshots as an asynchronous sequence, which ends when its task is cancelled.
    public func snapshots(stateStore: ListenStateStore? = nil) -> DocumentSnapshotSequence {
        DocumentSnapshotSequence(reference: self, stateStore: stateStore)
    }

    /// `snapshots()`; metadata-only changes never happen here (there is no local cache).
    public func snapshots(includeMetadataChanges: Bool) -> DocumentSnapshotSequence {
        snapshots()
    }
}

/// Calls `listener` with each element of `sequence`, then with its error, until `registration` is removed.
private func deliver<S: AsyncSequence & Sendable>(
    _ sequence: S,
    to listener: @escaping @Sendable (S.Element?, (any Error)?) -> Void,
    while registration: SnapshotListenerRegistration
) async {
    do {
        for try await element in sequence {
            guard !registration.isRemoved else { return }
            listener(element, nil)
        }
    } catch {
        if !registration.isRemoved { listener(nil, error) }
    }
}
