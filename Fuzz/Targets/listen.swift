// Fuzz target `listen`: sequences of ListenResponse messages, decoded by FirestoreWire and applied to a
// WatchState with one or two targets, with the snapshot invariants checked after every message.
//
// Input: a configuration byte (which targets, which orders), then operations, each an opcode byte and its
// operands. Opcode 0 is a raw chunk (16-bit length, then bytes) decoded as it is; 1-4 build a well-formed
// ListenResponse from a few operand bytes (so the fuzzer reaches CURRENT and snapshots quickly) that is
// then encoded and decoded like any other; 5-8 are what the session does (remove, re-add, a new stream, a
// restart from the state file).
import FirestoreWatch
import FirestoreWire

private let documentIDs = ["d0", "d1", "d2", "d10", "D", "\u{E9}", "e\u{301}", "d0/sub/x", "", "d\u{0}"]
private let parent = "projects/p/databases/(default)/documents"

private func documentName(_ byte: UInt8) -> String {
    parent + "/c/" + documentIDs[Int(byte) % documentIDs.count]
}

private func spec(_ variant: UInt8) -> TargetSpec {
    let a = FieldPath(["a"])
    let b = FieldPath(["b"])
    var query = Query(parent: parent, collectionID: "c")
    switch variant % 6 {
    case 0: break
    case 1: query.orders = [QueryOrder(field: a)]
    case 2: query.orders = [QueryOrder(field: a, descending: true), QueryOrder(field: b)]
    case 3:
        query.filters = [QueryFilter(field: b, op: .greaterThan, value: .integer(0))]
        query.orders = [QueryOrder(field: a, descending: true)]
    case 4:
        query.orders = [QueryOrder(field: FieldPath(["a", "b"])), QueryOrder(field: .documentName, descending: true)]
    default: return .documents((0..<4).map { documentName(UInt8($0)) })
    }
    return .query(query)
}

/// Target ids 1 and 2 from the low bits of a byte; bit 2 adds 3, an id that was never added.
private func targetIDs(_ mask: UInt8) -> [Int64] {
    [1, 2, 3].enumerated().compactMap { mask >> $0.offset & 1 == 1 ? Int64($0.element) : nil }
}

private func packed(_ writer: inout ProtobufWriter, _ field: Int, _ ids: [Int64]) {
    for id in ids { writer.int(field, id) }
}

/// A ListenResponse built from the operands of opcodes 1-4.
private func synthesized(_ opcode: UInt8, _ input: inout FuzzInput) -> [UInt8] {
    var response = ProtobufWriter()
    switch opcode {
    case 1:  // DocumentChange
        let name = documentName(input.byte())
        let times = input.byte()
        let ids = input.byte()
        response.message(3) { change in
            change.message(1) { document in
                document.string(1, name)
                for field in ["a", "b"] where times & (field == "a" ? 0x10 : 0x20) != 0 {
                    document.message(2) { entry in
                        entry.string(1, field)
                        entry.message(2) { writeValue(&input, into: &$0) }
                    }
                }
                document.timestamp(3, seconds: 1, nanos: 0)
                document.timestamp(4, seconds: Int64(times % 4), nanos: Int32(times >> 2 & 1))
            }
            packed(&change, 5, targetIDs(ids))
            packed(&change, 6, targetIDs(ids >> 3))
        }
    case 2:  // TargetChange
        let kind = input.byte()
        let ids = input.byte()
        let extras = input.byte()
        response.message(2) { change in
            change.int(1, Int64(kind % 6))
            packed(&change, 2, targetIDs(ids))
            if extras & 1 != 0 {
                change.message(3) {
                    $0.int(1, 7)
                    $0.string(2, "denied")
                }
            }
            if extras & 2 != 0 { change.field(4, [extras]) }
            if extras & 4 != 0 { change.timestamp(6, seconds: Int64(extras >> 3 & 7), nanos: 0) }
        }
    case 3:  // DocumentDelete or DocumentRemove
        let name = documentName(input.byte())
        let ids = input.byte()
        let remove = ids & 0x80 != 0
        response.message(remove ? 6 : 4) { message in
            message.string(1, name)
            packed(&message, remove ? 2 : 6, targetIDs(ids))
            if ids & 0x40 != 0 { message.timestamp(4, seconds: 5, nanos: 0) }
        }
    default:  // ExistenceFilter
        let id = input.byte()
        let count = input.byte()
        let bloom = input.byte()
        response.message(5) { filter in
            filter.int(1, Int64(id % 4))
            filter.int(2, Int64(count % 8))
            if bloom != 0 {
                filter.message(3) { bloomFilter in
                    bloomFilter.message(1) {
                        $0.field(1, input.bytes(Int(bloom % 4)))
                        $0.int(2, Int64(bloom >> 2 % 8))
                    }
                    bloomFilter.int(2, Int64(bloom >> 5))
                }
            }
        }
    }
    return response.bytes
}

private func sameName(_ a: String, _ b: String) -> Bool { a.utf8.elementsEqual(b.utf8) }

/// The invariants of one snapshot, against the view that was raised before it.
private func verify(_ snapshot: ViewSnapshot, previous: [Document], spec: TargetSpec, state: WatchState) {
    let comparator = spec.comparator
    let documents = snapshot.documents
    for index in documents.indices.dropFirst() {
        check(
            comparator.compare(documents[index - 1], documents[index]) < 0,
            "documents out of query order at \(index): \(documents[index - 1].name), \(documents[index].name)")
    }
    check(snapshot.initial || !snapshot.changes.isEmpty, "a snapshot that is neither initial nor changed")
    var list = previous
    var phase = 0
    for change in snapshot.changes {
        let changePhase = [DocumentViewChange.Kind.removed: 0, .added: 1, .modified: 2][change.kind]!
        check(changePhase >= phase, "changes not in the order removed, added, modified")
        phase = changePhase
        switch change.kind {
        case .removed:
            check(list.indices.contains(change.oldIndex), "removed: oldIndex \(change.oldIndex) of \(list.count)")
            check(list[change.oldIndex] == change.document, "removed: not the document at oldIndex")
            check(change.newIndex == -1, "removed: newIndex \(change.newIndex)")
            list.remove(at: change.oldIndex)
        case .added:
            check(change.oldIndex == -1, "added: oldIndex \(change.oldIndex)")
            check(!list.contains { sameName($0.name, change.document.name) }, "added: already in the view")
            check((0...list.count).contains(change.newIndex), "added: newIndex \(change.newIndex) of \(list.count)")
            list.insert(change.document, at: change.newIndex)
        case .modified:
            check(list.indices.contains(change.oldIndex), "modified: oldIndex \(change.oldIndex) of \(list.count)")
            let old = list[change.oldIndex]
            check(sameName(old.name, change.document.name), "modified: another document at oldIndex")
            check(old.updateTime != change.document.updateTime, "modified: the update time did not change")
            list.remove(at: change.oldIndex)
            check((0...list.count).contains(change.newIndex), "modified: newIndex \(change.newIndex) of \(list.count)")
            list.insert(change.document, at: change.newIndex)
        }
    }
    check(list.count == documents.count, "changes give \(list.count) documents, the snapshot has \(documents.count)")
    for (expected, actual) in zip(list, documents) {
        check(expected == actual && sameName(expected.name, actual.name), "changes do not give the snapshot")
    }
    check(state.documents(targetID: snapshot.targetID) == documents, "the state's view is not the snapshot")
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzListen(_ data: UnsafeRawPointer?, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let configuration = input.byte()
    var state = WatchState()
    var specs: [Int32: TargetSpec] = [1: spec(configuration)]
    if configuration & 0x80 != 0 { specs[2] = spec(configuration >> 3) }
    for (id, spec) in specs.sorted(by: { $0.key < $1.key }) { state.add(ListenTarget(id: id, spec: spec)) }

    var operations = 0
    while !input.isAtEnd, operations < 256 {
        operations += 1
        let opcode = input.byte()
        let message: [UInt8]
        switch opcode % 10 {
        case 0: message = input.chunk()
        case 1, 2, 3, 4: message = synthesized(opcode % 10, &input)
        case 5:
            state.remove(targetID: Int32(opcode >> 4 % 2 + 1))
            continue
        case 6:
            let id = Int32(opcode >> 4 & 1 + 1)
            guard !state.activeTargetIDs.contains(id) else { continue }
            let newSpec = opcode & 0x20 != 0 ? spec(input.byte()) : specs[id] ?? spec(0)
            let resume: ResumePoint? = opcode & 0x40 != 0 ? .token([opcode]) : nil
            state.add(ListenTarget(id: id, spec: newSpec, resume: resume))
            specs[id] = newSpec
            continue
        case 7:
            _ = state.streamDidRestart()
            continue
        case 8:
            // A restart with --state: a new WatchState restored from what the old one would persist.
            var restored = WatchState()
            for id in state.activeTargetIDs {
                guard let persisted = state.persistedTarget(id) else { continue }
                check(persisted.target.spec == specs[id], "target \(id) persisted with another spec")
                _ = restored.restore(persisted)
            }
            state = restored
            continue
        default:
            message = input.bytes(Int(input.byte() % 32))
        }

        let change: WatchChange
        do {
            change = try Wire.decodeListenResponse(message)
        } catch {
            continue
        }
        let before = Dictionary(uniqueKeysWithValues: state.targetIDs.map { ($0, state.documents(targetID: $0)!) })
        let events: [WatchEvent]
        do {
            events = try state.apply(change)
        } catch {
            check(state.targetIDs == before.keys.sorted(), "a WatchError changed the targets")
            continue
        }
        for event in events {
            switch event {
            case .snapshot(let snapshot):
                guard let previous = before[snapshot.targetID], let spec = specs[snapshot.targetID] else {
                    check(false, "a snapshot of target \(snapshot.targetID), which is not on the stream")
                    continue
                }
                verify(snapshot, previous: previous, spec: spec, state: state)
            case .relisten(let target):
                // What the session does: remove and add again, on the same stream.
                check(target.resume == nil, "a relisten with a resume point")
                state.remove(targetID: target.id)
                state.add(target)
            default:
                break
            }
        }
    }
    return 0
}
