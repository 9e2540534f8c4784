import Testing

@testable import FirestoreWatch

/// The two ways a view applies a batch (in place, and in bulk with a rank tree) against a naive model that
/// re-sorts the whole list after every change.
@Suite struct TargetViewTests {
    /// A small deterministic generator (SplitMix64), so that a failure can be replayed from its seed.
    struct SeededGenerator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static func document(_ id: Int, a: Int, version: Int64) -> Document {
        Document(
            name: "projects/p/databases/(default)/documents/c/d\(id)",
            fields: ["a": .integer(Int64(a))],
            createTime: Timestamp(seconds: 1),
            updateTime: Timestamp(seconds: version)
        )
    }

    /// A random view of up to `size` documents and a random batch against it.
    static func randomCase(seed: UInt64, size: Int) -> (TargetView, ViewDelta) {
        var random = SeededGenerator(state: seed)
        let descending = Bool.random(using: &random)
        let comparator = DocumentComparator(order: [
            QueryOrder(field: FieldPath(["a"]), descending: descending),
            QueryOrder(field: .documentName, descending: descending),
        ])
        let count = Int.random(in: 0...size, using: &random)
        let documents = (0..<count).map { document($0, a: Int.random(in: 0..<6, using: &random), version: 1) }
        let view = TargetView(comparator: comparator, documents: documents.shuffled(using: &random))
        var delta = ViewDelta()
        for old in documents {
            switch Int.random(in: 0..<4, using: &random) {
            case 0: delta.removed.append(old)
            case 1:
                let new = document(Int(old.id.dropFirst())!, a: Int.random(in: 0..<6, using: &random), version: 2)
                delta.modified.append(.init(old: old, new: new))
            default: break
            }
        }
        for id in count..<(count + Int.random(in: 0...size / 2, using: &random)) {
            delta.added.append(document(id, a: Int.random(in: 0..<6, using: &random), version: 2))
        }
        delta.removed.shuffle(using: &random)
        delta.added.shuffle(using: &random)
        delta.modified.shuffle(using: &random)
        return (view, delta)
    }

    /// Replays `changes` on `start` one by one, checking every index against a fully re-sorted list.
    static func replay(_ changes: [DocumentViewChange], on start: [Document], by comparator: DocumentComparator)
        -> [Document]
    {
        var list = start
        for change in changes {
            let name = change.document.name
            if change.kind != .added {
                let index = list.firstIndex { $0.name == name }
                #expect(index == change.oldIndex, "old index of \(change.kind) \(name)")
                list.removeAll { $0.name == name }
            }
            if change.kind != .removed {
                list.append(change.document)
                list.sort(by: comparator.areInIncreasingOrder)
                #expect(list.firstIndex { $0.name == name } == change.newIndex, "new index of \(change.kind) \(name)")
            }
        }
        return list
    }

    @Test(arguments: 0..<120) func inPlaceAndBulkAgreeWithTheModel(seed: Int) {
        let (view, delta) = Self.randomCase(seed: UInt64(seed), size: seed < 100 ? 12 : 150)
        var inPlace = view
        var bulk = view
        let inPlaceChanges = inPlace.apply(delta, inPlaceLimit: .max)
        let bulkChanges = bulk.apply(delta, inPlaceLimit: 0)
        #expect(inPlaceChanges == bulkChanges)
        #expect(inPlace.documents == bulk.documents)
        let replayed = Self.replay(inPlaceChanges, on: view.documents, by: view.comparator)
        #expect(replayed == inPlace.documents)
        #expect(inPlaceChanges.map(\.kind) == inPlaceChanges.map(\.kind).sorted { rank($0) < rank($1) })
        for document in inPlace.documents { #expect(inPlace[DocumentKey(document.name)] == document) }
        #expect(inPlace.count == view.count - delta.removed.count + delta.added.count)
    }

    private func rank(_ kind: DocumentViewChange.Kind) -> Int {
        switch kind {
        case .removed: 0
        case .added: 1
        case .modified: 2
        }
    }

    @Test func rankTreeCountsPresentSlots() {
        var tree = RankTree(present: [true, false, true, true, false])
        #expect((0...5).map(tree.count(before:)) == [0, 1, 1, 2, 3, 3])
        tree.insert(1)
        tree.remove(3)
        #expect((0...5).map(tree.count(before:)) == [0, 1, 2, 3, 3, 3])
        #expect(tree.contains(1) && !tree.contains(3))
    }
}
