import FirestoreWatch

extension WatchChange {
    /// The `--raw` debugging view of one server message.
    var rawJSON: JSONValue {
        func ids(_ ids: [Int32]) -> JSONValue { .array(ids.map { .integer(Int64($0)) }) }
        func time(_ time: Timestamp?) -> JSONValue { time.map { .string($0.rfc3339) } ?? .null }
        switch self {
        case .target(let change):
            var members: [(String, JSONValue)] = [
                ("type", .string("targetChange")), ("change", .string(change.kind.name)),
                ("targetIds", ids(change.targetIDs)), ("readTime", time(change.readTime)),
                ("resumeToken", .string(change.resumeToken.map { String($0, radix: 16).leftPadded(2) }.joined())),
            ]
            if let cause = change.cause {
                members.append(
                    ("cause", .object([("code", .integer(Int64(cause.code))), ("message", .string(cause.message))])))
            }
            return .object(members)
        case .document(let document, let targetIDs, let removedTargetIDs):
            return .object([
                ("type", .string("documentChange")), ("document", document.json), ("targetIds", ids(targetIDs)),
                ("removedTargetIds", ids(removedTargetIDs)),
            ])
        case .delete(let name, let removed, let readTime):
            return .object([
                ("type", .string("documentDelete")), ("name", .string(name)), ("removedTargetIds", ids(removed)),
                ("readTime", time(readTime)),
            ])
        case .remove(let name, let removed, let readTime):
            return .object([
                ("type", .string("documentRemove")), ("name", .string(name)), ("removedTargetIds", ids(removed)),
                ("readTime", time(readTime)),
            ])
        case .existenceFilter(let filter):
            return .object([
                ("type", .string("filter")), ("targetId", .integer(Int64(filter.targetID))),
                ("count", .integer(Int64(filter.count))), ("bloomFilter", .bool(filter.unchangedNames != nil)),
            ])
        }
    }
}

extension TargetChange.Kind {
    /// Google's enum name: `NO_CHANGE`, `ADD`, `REMOVE`, `CURRENT`, `RESET`.
    var name: String {
        switch self {
        case .noChange: "NO_CHANGE"
        case .add: "ADD"
        case .remove: "REMOVE"
        case .current: "CURRENT"
        case .reset: "RESET"
        }
    }
}

extension String {
    func leftPadded(_ width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}

extension ViewSnapshot {
    /// The plain-text view (no `--json`, not the standby screen): one line per change.
    var text: String {
        guard !changes.isEmpty else { return "\(readTime.rfc3339) \(documents.count) documents, no changes" }
        return changes.map { change in
            "\(readTime.rfc3339) \(change.kind.rawValue) \(change.document.id) "
                + FirestoreValue.json(change.document.fields).serialized
        }.joined(separator: "\n")
    }
}
