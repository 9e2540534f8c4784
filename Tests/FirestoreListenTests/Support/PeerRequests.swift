import FirestoreWatch

/// A field of an `update`: a value, or one of the two sentinels the official client offers.
enum FieldWrite: Sendable {
    case value(FirestoreValue)
    /// The server's time when it applies the write (REQUEST_TIME).
    case serverTimestamp
    /// Deletes the field.
    case delete
}

/// One write of a `Peer.batch` (all in one Commit). Paths are relative to the database (`c/d`).
enum PeerWrite: Sendable {
    case set(String, [String: FirestoreValue])
    case create(String, [String: FirestoreValue])
    /// Keys are field paths (`a.b`); the document must exist, or have `ifUpdateTime` as its update time.
    case update(String, [String: FieldWrite], ifUpdateTime: Timestamp? = nil)
    case delete(String, ifUpdateTime: Timestamp? = nil)
}

/// A query for `Peer.query` and `Peer.listen`, run by the official client.
struct PeerQuery: Sendable {
    /// The collection path relative to the database (`rooms/r1/messages`).
    var collection: String
    /// `(field, operator, value)` with the contract's operators: `==`, `!=`, `<`, …, `array-contains-any`.
    var filters: [(field: String, op: String, value: FirestoreValue)] = []
    /// `(field, descending)`.
    var orders: [(field: String, descending: Bool)] = []
    var limit: Int?
}

/// The parameters of `Peer.randomOps` (see `random_ops` in `Tests/Tools/peer.py`).
struct RandomOpsRequest: Sendable {
    var seed: Int
    var count: Int
    var collection: String
    /// Documents `d0` … `d<ids-1>`.
    var ids = 8
    var statuses = ["pending", "done"]
    /// `n` ranges over 0 ..< values.
    var values = 5
    var pauseMilliseconds = 0
}

/// One write `random_ops` made.
struct RandomOp: Sendable {
    /// `create`, `update`, `rewrite` (same data again), `delete` or `status` (a different status).
    var kind: String
    var path: String
    /// The data written; nil for a delete.
    var fields: [String: FirestoreValue]?
    /// The update time the write returned (the old one for a rewrite); nil for a delete.
    var updateTime: Timestamp?
}

/// What `random_ops` did, and what the collection holds after it (path → fields).
struct RandomOpsResult: Sendable {
    var ops: [RandomOp]
    var final: [String: [String: FirestoreValue]]
}

/// A snapshot from the official client's `on_snapshot` listener.
struct PeerSnapshot: Sendable {
    struct Change: Sendable {
        /// `added`, `modified` or `removed`.
        var kind: String
        /// The Python client's indices, which differ from the conformance rules.
        var oldIndex: Int
        var newIndex: Int
        var document: Document
    }

    var readTime: Timestamp
    var documents: [Document]
    var changes: [Change]
}

/// A command the peer answered with `"ok": false`.
struct PeerError: Error, CustomStringConvertible {
    /// The gRPC status name when the server answered (`NOT_FOUND`); nil for a client-side failure.
    var code: String?
    /// The Python exception's type (`NotFound`, `TypedValueError`).
    var type: String
    var message: String

    var description: String { "peer: \(code ?? type): \(message)" }
}
