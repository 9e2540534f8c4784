import FirestoreWatch

// Measures `WatchState` on the emulator's answer to one write: RESET, every document of the result re-sent
// (one of them modified, moving to the front of the order), CURRENT and NO_CHANGE. Prints, for each result
// size, the median time to apply those messages and produce the snapshot, and the time of the first
// snapshot (every document added). Run it in release mode:
//   swift run -c release --scratch-path /tmp/build-watch-rel watch-benchmark

let sizes = [100, 1_000, 10_000]
let repetitions = 21
let root = "projects/bench/databases/(default)/documents"
let spec = TargetSpec.query(
    Query(parent: root, collectionID: "items", orders: [QueryOrder(field: FieldPath(["seq"]))])
)

func item(_ index: Int, seq: Int, version: Int64) -> Document {
    let id = String(repeating: "0", count: 5 - String(index).count) + String(index)
    return Document(
        name: "\(root)/items/item\(id)",
        fields: [
            "seq": .integer(Int64(seq)),
            "status": .string(index % 3 == 0 ? "completed" : "open"),
            "text": .string("message number \(index)"),
        ],
        createTime: Timestamp(seconds: 1),
        updateTime: Timestamp(seconds: version)
    )
}

func noChange(at seconds: Int64) -> WatchChange {
    .target(TargetChange(kind: .noChange, resumeToken: [1, 2, 3], readTime: Timestamp(seconds: seconds)))
}

/// Applies `messages` and returns the elapsed time and the one snapshot they raised.
func measure(_ state: inout WatchState, _ messages: [WatchChange]) throws -> (Duration, ViewSnapshot) {
    let clock = ContinuousClock()
    var snapshots: [ViewSnapshot] = []
    let start = clock.now
    for message in messages {
        for case .snapshot(let snapshot) in try state.apply(message) { snapshots.append(snapshot) }
    }
    let elapsed = clock.now - start
    guard snapshots.count == 1 else { fatalError("expected one snapshot, got \(snapshots.count)") }
    return (elapsed, snapshots[0])
}

func median(_ durations: [Duration]) -> Duration {
    durations.sorted()[durations.count / 2]
}

func milliseconds(_ duration: Duration) -> String {
    let (seconds, attoseconds) = duration.components
    let value = Double(seconds) * 1_000 + Double(attoseconds) / 1e15
    let hundredths = Int(value * 100 + 0.5)
    let fraction = String(hundredths % 100)
    return "\(hundredths / 100).\(fraction.count == 1 ? "0" + fraction : fraction) ms"
}

func padded(_ text: String, _ width: Int) -> String {
    String(repeating: " ", count: max(0, width - text.count)) + text
}

print("One write as the emulator delivers it: RESET, N documents re-sent (one modified), CURRENT, NO_CHANGE.")
print("Median of \(repetitions) runs; the first snapshot (N documents added) for comparison.")
print(padded("N", 8) + padded("one write", 14) + padded("min", 12) + padded("max", 12) + padded("first snapshot", 18))
for size in sizes {
    var state = WatchState()
    state.add(ListenTarget(id: 1, spec: spec))
    var documents = (0..<size).map { item($0, seq: $0, version: 1) }
    var initial = (0..<size).map { WatchChange.document(documents[$0], targetIDs: [1], removedTargetIDs: []) }
    initial.append(.target(TargetChange(kind: .current, targetIDs: [1])))
    initial.append(noChange(at: 1))
    let (firstSnapshot, _) = try measure(&state, initial)

    var writes: [Duration] = []
    for repetition in 0..<repetitions {
        let version = Int64(repetition) + 2
        let modified = (repetition * 7_919 + size / 2) % size
        documents[modified] = item(modified, seq: -repetition - 1, version: version)
        var messages: [WatchChange] = [.target(TargetChange(kind: .reset, targetIDs: [1]))]
        let resent = documents.sorted { ($0.fields["seq"].map(seq) ?? 0) < ($1.fields["seq"].map(seq) ?? 0) }
        messages += resent.map { .document($0, targetIDs: [1], removedTargetIDs: []) }
        messages.append(.target(TargetChange(kind: .current, targetIDs: [1])))
        messages.append(noChange(at: version))
        let (elapsed, snapshot) = try measure(&state, messages)
        guard snapshot.changes.count == 1, snapshot.changes[0].kind == .modified, snapshot.changes[0].newIndex == 0
        else { fatalError("unexpected changes \(snapshot.changes)") }
        writes.append(elapsed)
    }
    let line =
        padded(String(size), 8) + padded(milliseconds(median(writes)), 14) + padded(milliseconds(writes.min()!), 12)
        + padded(milliseconds(writes.max()!), 12) + padded(milliseconds(firstSnapshot), 18)
    print(line)
}

func seq(_ value: FirestoreValue) -> Int64 {
    if case .integer(let number) = value { return number }
    return 0
}
