extension TargetView {
    /// Up to this many changes are applied by editing the ordered array in place (each a binary search plus
    /// one element move); larger batches go through `applyInBulk`, which is O(n + m log(n + m)) overall.
    static let inPlaceLimit = 32

    /// Applies `delta` and returns its changes: removed, then added, then modified, each group in query
    /// order, with sequential indices (each index refers to the view as the changes before it left it).
    ///
    /// - Parameter inPlaceLimit: the largest batch applied in place; tests vary it to compare both paths.
    mutating func apply(_ delta: ViewDelta, inPlaceLimit: Int = Self.inPlaceLimit) -> [DocumentViewChange] {
        var sorted = delta
        sorted.removed = comparator.sorted(delta.removed) { $0 }
        sorted.added = comparator.sorted(delta.added) { $0 }
        sorted.modified = comparator.sorted(delta.modified) { $0.new }
        return sorted.count <= inPlaceLimit ? applyInPlace(sorted) : applyInBulk(sorted)
    }

    private mutating func applyInPlace(_ delta: ViewDelta) -> [DocumentViewChange] {
        var list = documents
        var changes: [DocumentViewChange] = []
        changes.reserveCapacity(delta.count)
        for document in delta.removed {
            let index = exactIndex(of: document, in: list)
            list.remove(at: index)
            changes.append(.init(kind: .removed, document: document, oldIndex: index, newIndex: -1))
        }
        for document in delta.added {
            let index = insertionIndex(for: document, in: list)
            list.insert(document, at: index)
            changes.append(.init(kind: .added, document: document, oldIndex: -1, newIndex: index))
        }
        for modification in delta.modified {
            let oldIndex = exactIndex(of: modification.old, in: list)
            list.remove(at: oldIndex)
            let newIndex = insertionIndex(for: modification.new, in: list)
            list.insert(modification.new, at: newIndex)
            changes.append(.init(kind: .modified, document: modification.new, oldIndex: oldIndex, newIndex: newIndex))
        }
        replaceDocuments(list, after: delta)
        return changes
    }

    /// Lays every old and new version out once, in query order (the "slots"), and counts present slots with a
    /// `RankTree`: applying a change flips one or two slots, and its index is the number of present slots
    /// before it. The final view is the present slots, in slot order.
    private mutating func applyInBulk(_ delta: ViewDelta) -> [DocumentViewChange] {
        // New versions (additions, then modifications), merged into one list in query order.
        let incoming = mergeIncoming(delta)

        // Slots: the current view merged with the incoming documents.
        var slots: [Document] = []
        slots.reserveCapacity(documents.count + incoming.count)
        var slotOfCurrent = [Int](repeating: 0, count: documents.count)
        var slotOfAdded = [Int](repeating: 0, count: delta.added.count)
        var slotOfModified = [Int](repeating: 0, count: delta.modified.count)
        var present: [Bool] = []
        present.reserveCapacity(documents.count + incoming.count)
        var current = 0
        var next = 0
        while current < documents.count || next < incoming.count {
            let takeIncoming =
                next < incoming.count
                && (current == documents.count || comparator.compare(incoming[next].document, documents[current]) < 0)
            if takeIncoming {
                switch incoming[next].source {
                case .added(let index): slotOfAdded[index] = slots.count
                case .modified(let index): slotOfModified[index] = slots.count
                }
                slots.append(incoming[next].document)
                present.append(false)
                next += 1
            } else {
                slotOfCurrent[current] = slots.count
                slots.append(documents[current])
                present.append(true)
                current += 1
            }
        }

        var ranks = RankTree(present: present)
        var changes: [DocumentViewChange] = []
        changes.reserveCapacity(delta.count)
        for document in delta.removed {
            let slot = slotOfCurrent[exactIndex(of: document, in: documents)]
            let oldIndex = ranks.count(before: slot)
            ranks.remove(slot)
            changes.append(.init(kind: .removed, document: document, oldIndex: oldIndex, newIndex: -1))
        }
        for (index, document) in delta.added.enumerated() {
            let slot = slotOfAdded[index]
            ranks.insert(slot)
            changes.append(.init(kind: .added, document: document, oldIndex: -1, newIndex: ranks.count(before: slot)))
        }
        for (index, modification) in delta.modified.enumerated() {
            let oldSlot = slotOfCurrent[exactIndex(of: modification.old, in: documents)]
            let oldIndex = ranks.count(before: oldSlot)
            ranks.remove(oldSlot)
            let newSlot = slotOfModified[index]
            ranks.insert(newSlot)
            let newIndex = ranks.count(before: newSlot)
            changes.append(.init(kind: .modified, document: modification.new, oldIndex: oldIndex, newIndex: newIndex))
        }
        replaceDocuments(slots.indices.filter(ranks.contains).map { slots[$0] }, after: delta)
        return changes
    }

    private enum Source {
        case added(Int)
        case modified(Int)
    }

    /// Merges the (sorted) additions and new versions of modified documents into one sorted list.
    private func mergeIncoming(_ delta: ViewDelta) -> [(document: Document, source: Source)] {
        var merged: [(document: Document, source: Source)] = []
        merged.reserveCapacity(delta.added.count + delta.modified.count)
        var added = 0
        var modified = 0
        while added < delta.added.count || modified < delta.modified.count {
            let takeAdded =
                added < delta.added.count
                && (modified == delta.modified.count
                    || comparator.compare(delta.added[added], delta.modified[modified].new) < 0)
            if takeAdded {
                merged.append((delta.added[added], .added(added)))
                added += 1
            } else {
                merged.append((delta.modified[modified].new, .modified(modified)))
                modified += 1
            }
        }
        return merged
    }
}
