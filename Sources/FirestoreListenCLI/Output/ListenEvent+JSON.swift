import FirestoreListen
import FirestoreWatch

extension ViewSnapshot {
    /// The `snapshot` line of the contract; `docs` only with `--include-docs`.
    func json(includeDocs: Bool) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("type", .string("snapshot")), ("initial", .bool(initial)), ("readTime", .string(readTime.rfc3339)),
            ("size", .integer(Int64(documents.count))), ("changes", .array(changes.map(\.json))),
        ]
        if includeDocs { members.append(("docs", .array(documents.map(\.json)))) }
        return .object(members)
    }
}

extension DocumentViewChange {
    /// One entry of `changes`: also what `--exec` gets on its standard input.
    var json: JSONValue {
        .object([
            ("kind", .string(kind.rawValue)), ("id", .string(document.id)), ("name", .string(document.name)),
            ("oldIndex", .integer(Int64(oldIndex))), ("newIndex", .integer(Int64(newIndex))),
            ("createTime", .string(document.createTime.rfc3339)),
            ("updateTime", .string(document.updateTime.rfc3339)), ("fields", FirestoreValue.json(document.fields)),
        ])
    }
}

extension FirestoreErrorCode {
    /// The `error` line of the contract.
    var json: JSONValue {
        .object([("type", .string("error")), ("code", .string(code.name)), ("message", .string(message))])
    }
}

extension ListenEvent {
    /// The line for this event, or nil for events that `--json` does not print (raw messages).
    func json(includeDocs: Bool) -> JSONValue? {
        switch self {
        case .listening(let id): .object([("type", .string("listening")), ("target", .integer(Int64(id)))])
        case .current(_, let readTime):
            .object([("type", .string("current")), ("readTime", .string(readTime.rfc3339))])
        case .snapshot(let snapshot, _): snapshot.json(includeDocs: includeDocs)
        case .reconnecting(let attempt, let delay, let status):
            .object([
                ("type", .string("reconnecting")), ("attempt", .integer(Int64(attempt))),
                ("delayMs", .integer(delay.milliseconds)), ("code", .string(status.code.name)),
                ("message", .string(status.message)),
            ])
        case .resumed(_, let readTime):
            .object([("type", .string("resumed")), ("readTime", readTime.map { .string($0.rfc3339) } ?? .null)])
        case .message: nil
        }
    }
}

extension Duration {
    var milliseconds: Int64 {
        components.seconds * 1000 + components.attoseconds / 1_000_000_000_000_000
    }
}
