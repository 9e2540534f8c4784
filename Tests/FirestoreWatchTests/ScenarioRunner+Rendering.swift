import FirestoreWatch
import Foundation

/// One line per event or target, the same for what happened and for what a fixture expects, so that a
/// failing scenario shows a readable difference.
extension ScenarioRunner {
    static func render(_ event: WatchEvent) -> String {
        switch event {
        case .targetAdded(let id):
            return "targetAdded \(id)"
        case .current(let id, let readTime):
            return "current \(id) at \(readTime.rfc3339)"
        case .snapshot(let snapshot):
            let documents = snapshot.documents.map(relative).joined(separator: ", ")
            let changes = snapshot.changes.map { change in
                "\(change.kind.rawValue) \(relative(change.document)) \(change.oldIndex) \(change.newIndex)"
            }
            return "snapshot \(snapshot.targetID) initial=\(snapshot.initial) at \(snapshot.readTime.rfc3339) "
                + "docs [\(documents)] changes [\(changes.joined(separator: ", "))]"
        case .targetRemoved(let id):
            return "targetRemoved \(id)"
        case .targetFailed(let id, let cause):
            return "targetFailed \(id) code \(cause.code)"
        case .relisten(let target):
            return "relisten \(render(target))"
        }
    }

    static func renderExpected(_ json: Any) throws -> String {
        guard let object = json as? [String: Any], let key = object.keys.first(where: eventKeys.contains) else {
            throw FixtureError("not an expected event: \(json)")
        }
        if key == "error" { return "error \(try object.string("error"))" }
        let id = try object.integer(key)
        switch key {
        case "snapshot":
            let changes = try (object["changes"] as? [[Any]] ?? []).map { change in
                guard change.count == 4 else { throw FixtureError("a change is [kind, name, old, new]") }
                return "\(change[0]) \(change[1]) \(change[2]) \(change[3])"
            }
            let documents = (object["docs"] as? [String] ?? []).joined(separator: ", ")
            let initial = object["initial"] as? Bool ?? false
            return "snapshot \(id) initial=\(initial) at \(try time(object["readTime"] as Any).rfc3339) "
                + "docs [\(documents)] changes [\(changes.joined(separator: ", "))]"
        case "current":
            return "current \(id) at \(try time(object["readTime"] as Any).rfc3339)"
        case "targetFailed":
            return "targetFailed \(id) code \(try object.integer("code"))"
        case "relisten":
            return "relisten \(try renderExpectedTarget(["id": id]))"
        default:
            return "\(key) \(id)"
        }
    }

    private static let eventKeys: Set = [
        "snapshot", "current", "targetAdded", "targetRemoved", "targetFailed", "relisten", "error",
    ]

    static func render(_ target: ListenTarget) -> String {
        let expected = target.expectedCount.map { " expected \($0)" } ?? ""
        return "target \(target.id) resume \(render(target.resume))\(expected)"
    }

    static func render(_ resume: ResumePoint?) -> String {
        switch resume {
        case nil: "none"
        case .token(let bytes): "token " + String(decoding: bytes, as: UTF8.self)
        case .readTime(let time): "readTime " + time.rfc3339
        }
    }

    /// `{"id": 1, "token": "t1", "expectedCount": 3}` (or `"readTime"` instead of `"token"`).
    static func renderExpectedTarget(_ json: Any) throws -> String {
        guard let object = json as? [String: Any] else { throw FixtureError("not a target: \(json)") }
        let expected = try object["expectedCount"].map { _ in " expected \(try object.integer("expectedCount"))" } ?? ""
        return "target \(try object.integer("id")) resume \(render(try resume(object)))\(expected)"
    }

    static func resume(_ object: [String: Any]) throws -> ResumePoint? {
        if let token = object["token"] as? String { return .token(Array(token.utf8)) }
        if object["token"] == nil, let time = object["resumeReadTime"] { return .readTime(try Self.time(time)) }
        return nil
    }

    /// A target from `{"id": 1, "collection": "c", "parent": "rooms/r1", "where": [["n", "!=", 2]],
    /// "orderBy": [["a", "desc"]], "limit": 2}`, `{"id": 1, "collectionGroup": "m"}` or
    /// `{"id": 2, "documents": ["c/d1"]}`.
    static func target(_ object: [String: Any]) throws -> ListenTarget {
        let id = Int32(try object.integer("id"))
        if let documents = object["documents"] as? [String] {
            return ListenTarget(id: id, spec: .documents(documents.map(absolute)))
        }
        let group = object["collectionGroup"] as? String
        let parent = (object["parent"] as? String).map { root + "/" + $0 } ?? root
        let filters = try (object["where"] as? [[Any]] ?? []).map { clause in
            guard clause.count == 3, let field = clause[0] as? String, let text = clause[1] as? String,
                let op = QueryFilter.Operator(rawValue: text)
            else { throw FixtureError("a filter is [field, op, value]") }
            return QueryFilter(
                field: FieldPath(field.split(separator: ".").map(String.init)), op: op, value: try value(clause[2]))
        }
        let orders = try (object["orderBy"] as? [[String]] ?? []).map { order in
            guard let field = order.first else { throw FixtureError("an order is [field] or [field, \"desc\"]") }
            return QueryOrder(
                field: FieldPath(field.split(separator: ".").map(String.init)), descending: order.last == "desc")
        }
        let query = Query(
            parent: parent,
            collectionID: try group ?? object.string("collection"),
            allDescendants: group != nil,
            filters: filters,
            orders: orders,
            limit: try object["limit"].map { _ in Int32(try object.integer("limit")) }
        )
        return ListenTarget(id: id, spec: .query(query), resume: try resume(object))
    }
}
