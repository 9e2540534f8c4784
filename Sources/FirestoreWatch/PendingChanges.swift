/// What one target received since its last consistency point: name → new version or removed.
///
/// After a RESET the server re-sends every document that still matches, so rather than writing a removal for
/// each document of the view, `removesUnmentioned` records that every view document not named since is gone.
/// That keeps a RESET O(1) however large the result is.
struct PendingChanges {
    enum Change {
        case updated(Document)
        case removed
    }

    private(set) var byName: [DocumentKey: Change] = [:]
    /// Set by a RESET: documents of the view that are not in `byName` are removed.
    private(set) var removesUnmentioned = false

    mutating func update(_ document: Document) {
        byName[DocumentKey(document.name)] = .updated(document)
    }

    mutating func remove(_ name: String) {
        byName[DocumentKey(name)] = .removed
    }

    /// RESET: forget what is pending and count every document of the view as removed until it is re-sent.
    mutating func removeAll() {
        byName.removeAll(keepingCapacity: true)
        removesUnmentioned = true
    }

    /// Nothing pending: the view is the result.
    mutating func clear() {
        byName.removeAll(keepingCapacity: true)
        removesUnmentioned = false
    }

    /// The number of documents in the result once the changes are applied to `view`
    /// (view + pending adds − pending removes).
    func resultCount(over view: TargetView) -> Int {
        var count = removesUnmentioned ? 0 : view.count
        for (key, change) in byName {
            let counted = !removesUnmentioned && view[key] != nil
            switch change {
            case .updated: if !counted { count += 1 }
            case .removed: if counted { count -= 1 }
            }
        }
        return count
    }

    /// The names of the documents in the result once the changes are applied to `view`.
    func resultNames(over view: TargetView) -> [String] {
        var names = byName.compactMap { key, change in
            if case .updated = change { return key.name }
            return nil
        }
        if !removesUnmentioned {
            names += view.documents.lazy.map(\.name).filter { self.byName[DocumentKey($0)] == nil }
        }
        return names
    }

    /// Sorts the pending changes into removals, additions and modifications of `view`.
    ///
    /// A document re-sent with the update time the view already has is no change, whatever its fields say;
    /// the view keeps its old data (Google's conformance test `listen-nomod`). A removal of a document the
    /// view never had is dropped: it came and went between two snapshots.
    func delta(against view: TargetView) -> ViewDelta {
        var delta = ViewDelta()
        var mentionedInView = 0
        for (key, change) in byName {
            let old = view[key]
            if old != nil { mentionedInView += 1 }
            switch (change, old) {
            case (.removed, let old?):
                delta.removed.append(old)
            case (.removed, nil):
                break
            case (.updated(let new), let old?):
                if new.updateTime != old.updateTime { delta.modified.append(.init(old: old, new: new)) }
            case (.updated(let new), nil):
                delta.added.append(new)
            }
        }
        // After a RESET the server usually re-sends the whole view: then no document is left unmentioned.
        if removesUnmentioned && mentionedInView < view.count {
            delta.removed += view.documents.filter { byName[DocumentKey($0.name)] == nil }
        }
        return delta
    }
}
