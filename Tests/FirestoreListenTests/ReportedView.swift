import FirestoreWatch
import Foundation

/// The view a consumer of `--json` rebuilds from the snapshot lines alone, with every inconsistency noted:
/// an `added` for a document already shown, a `modified` or `removed` for one not shown, a `modified`
/// without a new update time, a `size` that does not match.
struct ReportedView {
    /// id → update time (RFC 3339), as last reported.
    private(set) var documents: [String: String] = [:]
    private(set) var violations: [String] = []
    private(set) var snapshots = 0

    init(lines: [String]) {
        for line in lines {
            guard let event = try? JSONTree(parsing: line), event["type"]?.string == "snapshot" else { continue }
            apply(event)
        }
    }

    private mutating func apply(_ snapshot: JSONTree) {
        snapshots += 1
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
