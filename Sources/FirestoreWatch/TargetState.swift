/// Everything `WatchState` knows about one target of the stream. Owned by `WatchState` only.
struct TargetState {
    /// The target as last added, without resume point or expected count (see `resume` and `resumeTarget`).
    private(set) var target: ListenTarget
    /// The last raised view.
    private(set) var view: TargetView
    private(set) var pending = PendingChanges()
    /// CURRENT was seen on this stream and no RESET since.
    private(set) var isCurrent = false
    /// Where a new stream resumes; committed only at a consistency point, dropped by RESET.
    private(set) var resume: ResumePoint?
    /// A token from a target change naming this target, committed at the next consistency point when the
    /// global NO_CHANGE carries none.
    private var candidateToken: [UInt8]?
    /// The read time of the last consistency point (raised or not); an older one is ignored.
    private(set) var readTime: Timestamp?
    /// A first snapshot was raised (or restored): later ones are raised only when something changed.
    private(set) var hasRaised = false
    /// `.current` was reported on this stream.
    private var reportedCurrent = false
    /// ADD acknowledgements still expected.
    var pendingAdds = 0
    /// REMOVE acknowledgements still expected; while there are any, the server's messages for this id
    /// belong to the removed incarnation and are ignored.
    var pendingRemoves = 0
    /// The last request for this id was a remove: the target goes when its removes are acknowledged.
    var isRemoved = false

    var id: Int32 { target.id }
    var acceptsChanges: Bool { pendingRemoves == 0 }

    /// A new target, with no view, waiting for its ADD.
    init(adding target: ListenTarget) {
        self.target = ListenTarget(id: target.id, spec: target.spec)
        self.view = TargetView(comparator: target.spec.comparator)
        self.resume = target.resume
        self.pendingAdds = 1
    }

    /// A target restored from a previous run: its view counts as raised, so the next snapshot reports the
    /// difference to it and is not initial.
    init(restoring persisted: PersistedTarget) {
        self.target = ListenTarget(id: persisted.target.id, spec: persisted.target.spec)
        self.view = TargetView(comparator: persisted.target.spec.comparator, documents: persisted.documents)
        self.resume = persisted.resume
        self.readTime = persisted.readTime
        self.hasRaised = true
        self.pendingAdds = 1
        startListening()
    }

    /// The target to send on a new stream: with its resume point and, then, the number of documents held
    /// (which asks the server for a bloom filter should the result have changed).
    var resumeTarget: ListenTarget {
        ListenTarget(
            id: target.id,
            spec: target.spec,
            resume: resume,
            expectedCount: resume == nil ? nil : Int32(clamping: view.count)
        )
    }

    var persisted: PersistedTarget {
        PersistedTarget(target: target, documents: view.documents, resume: resume, readTime: readTime)
    }

    /// The target is added on a new stream: `.current` is reported again at its first consistency point.
    mutating func startListening() {
        reportedCurrent = false
        discardPending()
    }

    /// A re-add after our own remove (a relisten): the view stays, so the next snapshot shows the difference.
    mutating func readd(_ target: ListenTarget) {
        resume = target.resume
        isRemoved = false
        pendingAdds += 1
        discardPending()
    }

    /// A new stream: the server forgets the target, so no acknowledgement is outstanding but the new ADD.
    mutating func restartStream() {
        pendingAdds = 1
        pendingRemoves = 0
        startListening()
    }

    /// Not current, nothing pending. Without a resume point the server sends the whole result and nothing
    /// else, so every view document that is not re-sent is gone.
    private mutating func discardPending() {
        isCurrent = false
        candidateToken = nil
        if resume == nil { pending.removeAll() } else { pending.clear() }
    }

    mutating func update(_ document: Document) {
        if acceptsChanges { pending.update(document) }
    }

    mutating func remove(_ name: String) {
        if acceptsChanges { pending.remove(name) }
    }

    mutating func markCurrent(token: [UInt8]) {
        guard acceptsChanges else { return }
        isCurrent = true
        noteToken(token)
    }

    /// Keeps a token from a target change for the next consistency point.
    mutating func noteToken(_ token: [UInt8]) {
        if acceptsChanges && !token.isEmpty { candidateToken = token }
    }

    /// RESET, or an existence filter that failed: everything held may be gone. The server re-sends what
    /// still matches, then CURRENT.
    mutating func reset() {
        guard acceptsChanges else { return }
        pending.removeAll()
        isCurrent = false
        resume = nil
        candidateToken = nil
    }

    /// A global NO_CHANGE with a read time: the stream is consistent at `readTime`.
    ///
    /// For a current target whose last consistency point is not newer: applies the pending changes to the
    /// view and raises a snapshot when it is the first or something changed, then commits the resume point
    /// (the global token, else the target's own last token, else the read time) and reports `.current` once
    /// per stream. Anything else is left untouched for a later point.
    mutating func reachConsistency(at readTime: Timestamp, globalToken: [UInt8]) -> [WatchEvent] {
        guard isCurrent, acceptsChanges else { return [] }
        if let last = self.readTime, readTime < last { return [] }
        var events: [WatchEvent] = []
        let changes = view.apply(pending.delta(against: view))
        if !hasRaised || !changes.isEmpty {
            let snapshot = ViewSnapshot(
                targetID: id,
                initial: !hasRaised,
                readTime: readTime,
                documents: view.documents,
                changes: changes
            )
            events.append(.snapshot(snapshot))
        }
        hasRaised = true
        pending.clear()
        self.readTime = readTime
        if !globalToken.isEmpty {
            resume = .token(globalToken)
        } else if let candidateToken {
            resume = .token(candidateToken)
        } else {
            resume = .readTime(readTime)
        }
        candidateToken = nil
        if !reportedCurrent {
            reportedCurrent = true
            events.append(.current(targetID: id, readTime: readTime))
        }
        return events
    }

    /// An existence filter: `count` documents match on the server. Returns false when the view cannot be
    /// reconciled with it and the target must be listened to again from scratch.
    ///
    /// When the count differs, the bloom filter (if any, and well formed) tells which held documents are
    /// certainly gone; they are marked removed, and if the count then agrees, all is well.
    mutating func reconcile(with filter: ExistenceFilter) -> Bool {
        let expected = Int(filter.count)
        if pending.resultCount(over: view) == expected { return true }
        guard let bits = filter.unchangedNames, let bloom = BloomFilter(bits) else { return false }
        for name in pending.resultNames(over: view) where !bloom.mightContain(name) {
            pending.remove(name)
        }
        return pending.resultCount(over: view) == expected
    }
}
