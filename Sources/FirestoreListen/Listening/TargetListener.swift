import FirestoreWatch

/// One listener's side of the client's shared stream: it adds its target when first asked for a view, hands
/// out the consistent views in order, saves each to the state store once it was delivered, and removes its
/// target when it is dropped or its task is cancelled.
///
/// Owned by one iterating task; not shared.
struct TargetListener {
    private let session: ListenSession
    private let spec: TargetSpec
    private let store: ListenStateStore?
    private var events: ListenEvents.AsyncIterator?
    private var file: StateFile?
    /// The view handed out last, saved when the next one is asked for (delivered first, then saved: a crash
    /// repeats a change, never loses one).
    private var undelivered: (view: ViewSnapshot, resume: ResumePoint?)?
    /// Whether the current stream resumed the target from a token or a read time.
    private(set) var resumed = false

    init(session: ListenSession, spec: TargetSpec, store: ListenStateStore?) {
        self.session = session
        self.spec = spec
        self.store = store
    }

    /// The next consistent view, or nil when the listener ended (its task was cancelled).
    /// - Throws: `FirestoreErrorCode` for a failure of the target, the stream or the state store.
    mutating func next() async throws(FirestoreErrorCode) -> ViewSnapshot? {
        try saveDelivered()
        if events == nil { try await start() }
        do {
            while let event = try await events?.next() {
                switch event {
                case .listening: resumed = false
                case .resumed: resumed = true
                case .snapshot(let view, let resume):
                    if file != nil { undelivered = (view, resume) }
                    return view
                case .current, .reconnecting, .message: continue
                }
            }
            return nil
        } catch let error as FirestoreErrorCode {
            throw error
        } catch {
            throw FirestoreErrorCode(.unknown, message: "\(error)")
        }
    }

    /// Saves the view handed out last, if a state store keeps this listener.
    mutating func saveDelivered() throws(FirestoreErrorCode) {
        guard let (view, resume) = undelivered, let file else { return }
        undelivered = nil
        try file.save(view, resume: resume)
    }

    private mutating func start() async throws(FirestoreErrorCode) {
        var persisted: PersistedTarget?
        if let store {
            let file = try StateFile(
                path: store.path, target: ListenTarget(id: 1, spec: spec), reset: store.reset,
                resetHint: "make its ListenStateStore with reset: true")
            persisted = try file.load()
            self.file = file
        }
        events = await session.listen(spec, restoring: persisted).events.makeAsyncIterator()
    }
}
