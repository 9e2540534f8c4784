import FirestoreWatch

/// The typed commands of `peer.py`. Paths are relative to the database (`c/d`, `rooms/r1/messages`).
/// Each throws `PeerError` with the gRPC status name when the emulator refuses the operation.
extension Peer {
    /// Writes the whole document; returns its update time.
    @discardableResult
    func set(_ path: String, _ fields: [String: FirestoreValue]) async throws -> Timestamp {
        let reply = try await send(["op": "set", "path": .string(path), "data": try coding.json(fields: fields)])
        return try TypedValueCoding.timestamp(reply["updateTime"])
    }

    /// Creates the document (ALREADY_EXISTS if it exists); returns its update time.
    @discardableResult
    func create(_ path: String, _ fields: [String: FirestoreValue]) async throws -> Timestamp {
        let reply = try await send(["op": "create", "path": .string(path), "data": try coding.json(fields: fields)])
        return try TypedValueCoding.timestamp(reply["updateTime"])
    }

    /// Updates field paths of an existing document; returns its update time.
    @discardableResult
    func update(_ path: String, _ fields: [String: FieldWrite], ifUpdateTime: Timestamp? = nil) async throws
        -> Timestamp
    {
        let reply = try await send(try updateCommand(path, fields, ifUpdateTime: ifUpdateTime))
        return try TypedValueCoding.timestamp(reply["updateTime"])
    }

    /// Deletes the document (a no-op write when it is missing, unless `ifUpdateTime` is given).
    func delete(_ path: String, ifUpdateTime: Timestamp? = nil) async throws {
        _ = try await send(deleteCommand(path, ifUpdateTime: ifUpdateTime))
    }

    /// The document, or nil when it does not exist.
    func get(_ path: String) async throws -> Document? {
        let reply = try await send(["op": "get", "path": .string(path)])
        guard reply["exists"]?.bool == true, let document = reply["doc"] else { return nil }
        return try coding.document(document)
    }

    /// Applies every write in one Commit; returns each write's update time (nil for deletes).
    @discardableResult
    func batch(_ writes: [PeerWrite]) async throws -> [Timestamp?] {
        let reply = try await send(["op": "batch", "writes": .array(try writes.map(command))])
        guard let times = reply["updateTimes"]?.array else { throw TypedValueCoding.Failure(description: "\(reply)") }
        return try times.map { $0 == .null ? nil : try TypedValueCoding.timestamp($0) }
    }

    /// Runs the query with the official RunQuery.
    func query(_ query: PeerQuery) async throws -> [Document] {
        let reply = try await send(try queryCommand("query", query))
        return try (reply["docs"]?.array ?? []).map(coding.document)
    }

    /// Makes `count` random single-write commits (see `random_ops` in `Tests/Tools/peer.py`).
    func randomOps(_ request: RandomOpsRequest) async throws -> RandomOpsResult {
        let reply = try await send(
            [
                "op": "random_ops", "seed": .number(Double(request.seed)), "count": .number(Double(request.count)),
                "collection": .string(request.collection), "ids": .number(Double(request.ids)),
                "statuses": .array(request.statuses.map(JSONTree.string)), "values": .number(Double(request.values)),
                "pauseMs": .number(Double(request.pauseMilliseconds)),
            ],
            timeout: .seconds(120)
        )
        let ops = try (reply["ops"]?.array ?? []).map { op in
            RandomOp(
                kind: op["kind"]?.string ?? "",
                path: op["path"]?.string ?? "",
                fields: try op["data"].map(coding.fields),
                updateTime: try op["updateTime"].map { try TypedValueCoding.timestamp($0) }
            )
        }
        let final = try (reply["final"]?.object ?? [:]).mapValues(coding.fields)
        return RandomOpsResult(ops: ops, final: final)
    }

    /// Starts an official `on_snapshot` listener on the query; returns its number for `nextSnapshot`.
    func listen(_ query: PeerQuery) async throws -> Int {
        let reply = try await send(try queryCommand("listen", query))
        guard let listener = reply["listener"]?.int else { throw TypedValueCoding.Failure(description: "\(reply)") }
        return listener
    }

    /// The listener's next snapshot.
    func nextSnapshot(listener: Int, timeout: Duration = .seconds(30)) async throws -> PeerSnapshot {
        let event = try await nextEvent(listener: listener, timeout: timeout)
        let changes = try (event["changes"]?.array ?? []).map { change in
            PeerSnapshot.Change(
                kind: change["kind"]?.string ?? "",
                oldIndex: change["oldIndex"]?.int ?? -1,
                newIndex: change["newIndex"]?.int ?? -1,
                document: try coding.document(change["doc"] ?? .null)
            )
        }
        return PeerSnapshot(
            readTime: try TypedValueCoding.timestamp(event["readTime"]),
            documents: try (event["docs"]?.array ?? []).map(coding.document),
            changes: changes
        )
    }

    func unlisten(_ listener: Int) async throws {
        _ = try await send(["op": "unlisten", "listener": .number(Double(listener))])
    }

    private func command(_ write: PeerWrite) throws -> JSONTree {
        switch write {
        case .set(let path, let fields):
            return ["op": "set", "path": .string(path), "data": try coding.json(fields: fields)]
        case .create(let path, let fields):
            return ["op": "create", "path": .string(path), "data": try coding.json(fields: fields)]
        case .update(let path, let fields, let ifUpdateTime):
            return try updateCommand(path, fields, ifUpdateTime: ifUpdateTime)
        case .delete(let path, let ifUpdateTime):
            return deleteCommand(path, ifUpdateTime: ifUpdateTime)
        }
    }

    private func updateCommand(_ path: String, _ fields: [String: FieldWrite], ifUpdateTime: Timestamp?) throws
        -> JSONTree
    {
        let typed = try fields.mapValues { write -> JSONTree in
            switch write {
            case .value(let value): try coding.json(value)
            case .serverTimestamp: ["special": "serverTimestamp"]
            case .delete: ["special": "delete"]
            }
        }
        var command: [String: JSONTree] = ["op": "update", "path": .string(path), "fields": .object(typed)]
        command["ifUpdateTime"] = ifUpdateTime.map { .string($0.rfc3339) }
        return .object(command)
    }

    private func deleteCommand(_ path: String, ifUpdateTime: Timestamp?) -> JSONTree {
        var command: [String: JSONTree] = ["op": "delete", "path": .string(path)]
        command["ifUpdateTime"] = ifUpdateTime.map { .string($0.rfc3339) }
        return .object(command)
    }

    private func queryCommand(_ op: String, _ query: PeerQuery) throws -> JSONTree {
        var command: [String: JSONTree] = [
            "op": .string(op),
            "collection": .string(query.collection),
            "where": .array(
                try query.filters.map { [.string($0.field), .string($0.op), try coding.json($0.value)] }
            ),
            "order": .array(query.orders.map { [.string($0.field), $0.descending ? "desc" : "asc"] }),
        ]
        command["limit"] = query.limit.map { .number(Double($0)) }
        return .object(command)
    }
}
