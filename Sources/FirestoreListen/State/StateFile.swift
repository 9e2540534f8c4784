import FirestoreWatch
import FirestoreWire
internal import Foundation
import SQLiteStore

extension FirestoreErrorCode {
    /// A state file could not be used; nothing was changed.
    static func stateFile(message: String) -> FirestoreErrorCode {
        FirestoreErrorCode(.failedPrecondition, message: message)
    }
}

/// The `--state FILE`: a SQLite database (WAL mode) that keeps, for the listener's target, the query it
/// belongs to, the resume token, the read time, and the last consistent set of documents (name, times and
/// fields), so that a restarted listener resumes and reports exactly what changed while it was stopped.
///
/// Each snapshot is saved in one transaction that writes only the changed rows. The file is created with
/// mode 0600. Ownership: the watch command's task owns it; not thread-safe.
///
/// Schema (version 1):
/// ```
/// meta(key TEXT PRIMARY KEY, value TEXT)                        -- 'schema' = '1'
/// target(id INTEGER PRIMARY KEY, fingerprint BLOB, description TEXT,
///        resume_token BLOB, read_seconds INTEGER, read_nanos INTEGER)
/// document(target_id INTEGER, name TEXT, body BLOB,             -- body: the Document as protobuf
///          PRIMARY KEY (target_id, name))
/// ```
package final class StateFile {
    private let database: SQLiteDatabase
    private let target: ListenTarget
    private let path: String
    /// How the caller resets a file, for the message that refuses another query's file.
    private let resetHint: String

    /// Opens (or creates) the file for `target`.
    /// - Parameter reset: forget what the file holds (for another query, or to start afresh).
    /// - Throws: `FirestoreErrorCode` `.failedPrecondition` when the file cannot be opened or created, is not a state file, or holds
    ///   the state of another query (unless `reset`).
    /// - Parameter resetHint: how the caller resets a file (`--reset-state`), named when one is refused.
    package init(
        path: String,
        target: ListenTarget,
        reset: Bool,
        resetHint: String = "reset it"
    ) throws(FirestoreErrorCode) {
        self.path = path
        self.resetHint = resetHint
        self.target = target
        do {
            database = try SQLiteDatabase(path: path, create: true)
            try database.execute("PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL")
            try database.execute(
                """
                CREATE TABLE IF NOT EXISTS meta(key TEXT PRIMARY KEY, value TEXT);
                CREATE TABLE IF NOT EXISTS target(id INTEGER PRIMARY KEY, fingerprint BLOB NOT NULL,
                    description TEXT NOT NULL, resume_token BLOB, read_seconds INTEGER, read_nanos INTEGER);
                CREATE TABLE IF NOT EXISTS document(target_id INTEGER NOT NULL, name TEXT NOT NULL,
                    body BLOB NOT NULL, PRIMARY KEY (target_id, name));
                INSERT OR IGNORE INTO meta(key, value) VALUES ('schema', '1');
                """
            )
            let schema = try database.prepare("SELECT value FROM meta WHERE key = 'schema'").rows()
            guard schema.first?.first == .text("1") else {
                throw FirestoreErrorCode.stateFile(message: "'\(path)' is a state file of another version")
            }
        } catch let error as SQLiteError {
            throw FirestoreErrorCode.stateFile(message: "cannot use the state file '\(path)': \(error.message)")
        } catch let error as FirestoreErrorCode {
            throw error
        } catch {
            throw FirestoreErrorCode.stateFile(message: "cannot use the state file '\(path)': \(error)")
        }
        if reset { try wrap { try self.clear() } }
    }

    /// The fingerprint of a target: its request bytes without the id and the resume point, so that a
    /// change of project, database, collection, filters, order or limit is noticed.
    private var fingerprint: [UInt8] {
        var neutral = target
        neutral.id = 1
        neutral.resume = nil
        neutral.expectedCount = nil
        return Wire.encodeListenRequest(database: "", .add(neutral))
    }

    private var targetDescription: String {
        switch target.spec {
        case .documents(let names): names.joined(separator: ", ")
        case .query(let query):
            query.parent + "/" + query.collectionID + (query.allDescendants ? " (collection group)" : "")
                + query.filters.map { " where \($0.field.canonical) \($0.op.rawValue) …" }.joined()
                + query.orders.map { " order by \($0.field.canonical)\($0.descending ? " desc" : "")" }.joined()
                + (query.limit.map { " limit \($0)" } ?? "")
        }
    }

    /// The stored target, ready to restore; nil when the file is new.
    /// - Throws: `FirestoreErrorCode` `.failedPrecondition` when the file holds another query's state, or rows that do not decode.
    package func load() throws(FirestoreErrorCode) -> PersistedTarget? {
        try wrap {
            let rows = try database.prepare(
                "SELECT id, fingerprint, description, resume_token, read_seconds, read_nanos FROM target"
            ).rows()
            guard let row = rows.first else { return nil }
            guard rows.count == 1, row[0] == .integer(Int64(target.id)), row[1] == .blob(fingerprint) else {
                let stored = if case .text(let text) = row[2] { text } else { "another query" }
                throw FirestoreErrorCode.stateFile(
                    message: "the state file '\(path)' belongs to another query (\(stored)); "
                        + "use another file, or \(resetHint) to start afresh"
                )
            }
            var documents: [Document] = []
            for document in try database.prepare("SELECT body FROM document WHERE target_id = ?").rows([
                .integer(Int64(target.id))
            ]) {
                guard case .blob(let body) = document[0] else {
                    throw FirestoreErrorCode.stateFile(message: "a stored document is damaged")
                }
                documents.append(try Wire.decodeDocument(body))
            }
            var readTime: Timestamp?
            if case .integer(let seconds) = row[4], case .integer(let nanos) = row[5] {
                readTime = Timestamp(seconds: seconds, nanos: Int32(truncatingIfNeeded: nanos))
            }
            var resume = readTime.map(ResumePoint.readTime)
            if case .blob(let token) = row[3], !token.isEmpty { resume = .token(token) }
            return PersistedTarget(target: target, documents: documents, resume: resume, readTime: readTime)
        }
    }

    /// Saves one snapshot: the changed documents, and the resume point it was raised at, in one transaction.
    package func save(_ snapshot: ViewSnapshot, resume: ResumePoint?) throws(FirestoreErrorCode) {
        var token: SQLiteStatement.Value = .null
        if case .token(let bytes) = resume { token = .blob(bytes) }
        try wrap {
            try database.transaction {
                try database.prepare(
                    """
                    INSERT INTO target(id, fingerprint, description, resume_token, read_seconds, read_nanos)
                    VALUES (?, ?, ?, ?, ?, ?)
                    ON CONFLICT(id) DO UPDATE SET resume_token = excluded.resume_token,
                        read_seconds = excluded.read_seconds, read_nanos = excluded.read_nanos
                    """
                ).run([
                    .integer(Int64(target.id)), .blob(fingerprint), .text(targetDescription), token,
                    .integer(snapshot.readTime.seconds), .integer(Int64(snapshot.readTime.nanos)),
                ])
                let upsert = try database.prepare(
                    "INSERT OR REPLACE INTO document(target_id, name, body) VALUES (?, ?, ?)"
                )
                let delete = try database.prepare("DELETE FROM document WHERE target_id = ? AND name = ?")
                for change in snapshot.changes {
                    let key = SQLiteStatement.Value.integer(Int64(target.id))
                    switch change.kind {
                    case .removed: try delete.run([key, .text(change.document.name)])
                    case .added, .modified:
                        try upsert.run([key, .text(change.document.name), .blob(Wire.encodeDocument(change.document))])
                    }
                }
            }
        }
    }

    private func clear() throws {
        try database.execute("DELETE FROM document; DELETE FROM target")
    }

    private func wrap<T>(_ body: () throws -> T) throws(FirestoreErrorCode) -> T {
        do {
            return try body()
        } catch let error as FirestoreErrorCode {
            throw error
        } catch let error as SQLiteError {
            throw FirestoreErrorCode.stateFile(message: "the state file '\(path)' failed: \(error.message)")
        } catch {
            throw FirestoreErrorCode.stateFile(message: "the state file '\(path)' failed: \(error)")
        }
    }
}
