import FirestoreWatch
import Foundation

/// The view a consumer of `--json` rebuilds from the snapshot lines alone, with every inconsistency noted:
/// an `added` for a document already shown, a `modified` or `removed` for one not shown, a `modified`
/// without a new update time, a `size` that does not match.
///
/// Across runs of one `--state` file (`init(runs:)`): a run killed after it printed a snapshot and before it
/// saved it reports that snapshot's changes again on the next start, as the README says a crash may (repeat,
/// never lose). So the first snapshot of a later run may also apply to the view before the previous run's
/// last snapshot; it is a violation only when it fits neither.
struct ReportedView {
    /// id → update time (RFC 3339), as last reported.
    private(set) var documents: [String: String] = [:]
    private(set) var violations: [String] = []
    private(set) var snapshots = 0
    /// How many first snapshots of a run repeated the previous run's last, unsaved one.
    private(set) var repeatsAfterACrash = 0
    /// The view before the last snapshot applied.
    private var beforeLast: [String: String] = [:]

    init(lines: [String]) {
        self.init(runs: [lines])
    }

    init(runs: [[String]]) {
        for (index, lines) in runs.enumerated() {
            let snapshots = lines.compactMap { try? JSONTree(parsing: $0) }.filter {
                $0["type"]?.string == "snapshot"
            }
            for (position, snapshot) in snapshots.enumerated() {
                if index > 0, position == 0 { applyAfterARestart(snapshot) } else { apply(snapshot) }
            }
        }
    }

    private mutating func applyAfterARestart(_ snapshot: JSONTree) {
        var attempt = self
        attempt.apply(snapshot)
        guard attempt.violations.count > violations.count else { return self = attempt }
        var repeated = self
        repeated.documents = beforeLast
        repeated.apply(snapshot)
        if repeated.violations.count == violations.count {
            repeated.repeatsAfterACrash += 1
            self = repeated
        } else {
            self = attempt
        }
    }

    private mutating func apply(_ snapshot: JSONTree) {
        snapshots += 1
        beforeLast = documents
        for change in snapshot["changes"]?.array ?? [] {
            let id = change["id"]?.string ?? "?"
            let updateTime = change["updateTime"]?.string ?? "?"
            switch change["kind"]?.string {
            case "added":
                if documents[id] != nil { violations.append("\(id) added twice") }
                documents[id] = updateTime
            case "modified":
                if documents[id] == nil { violations.append("\(id) modified but not shown") }
                if documents[id] == updateTime { violations.append("\(id) modified without a new update time") }
                documents[id] = updateTime
            case "removed":
                if documents[id] == nil { violations.append("\(id) removed but not shown") }
                documents[id] = nil
            default:
                violations.append("unknown change \(change.text)")
            }
        }
        if snapshot["size"]?.int != documents.count {
            violations.append("size \(snapshot["size"]?.int ?? -1) but \(documents.count) documents shown")
        }
    }

    /// The same documents and update times as `expected` (the official client's RunQuery).
    func matches(_ expected: [Document]) -> Bool {
        documents == Dictionary(uniqueKeysWithValues: expected.map { ($0.id, $0.updateTime.rfc3339) })
    }
}
