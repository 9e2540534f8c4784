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
/// One listener at a time: the file is opened in SQLite's exclusive locking mode, so the connection holds
/// the file's lock (a POSIX lock, which the kernel drops when the process dies, even by kill -9) from the
/// first read until it is closed, and a second `StateFile` on it, in this process or another, is refused.
/// Before each save the open file is compared with the path: a file deleted or replaced meanwhile fails
/// the save, as does a write the disk refuses (full, read-only, over a size limit); the snapshot not saved
/// is then reported again by the next listener.
///
/// Schema (version 1; `StateFile+Schema.swift` tells a state file from another database):
/// ```
/// PRAGMA application_id = 0x464C5354, user_version = 1
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

    /// Opens (or creates) the file for `target`, and holds it until released.
    /// - Parameter reset: forget what the file holds (for another query, or to start afresh).
    /// - Parameter resetHint: how the caller resets a file (`--reset-state`), named when one is refused.
    /// - Throws: `FirestoreErrorCode` `.failedPrecondition` when the file cannot be opened, created or written,
    ///   is in use by another listener, is not a state file (then it is left as it was), or holds the state
    ///   of another query (unless `reset`).
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
            // Before the first read, so that the lock is taken by it and kept (and no -shm file is made).
            try database.execute("PRAGMA locking_mode=EXCLUSIVE")
            let recognition = try Self.recognise(database)
            if case .refused(let reason) = recognition {
                throw FirestoreErrorCode.stateFile(message: "'\(path)' \(reason); it was left unchanged")
            }
            guard !database.isReadOnly else {
                throw FirestoreErrorCode.stateFile(message: "the state file '\(path)' is read-only")
            }
            try database.execute("PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL")
            if recognition != .stateFile { try Self.writeSchema(database) }
        } catch let error as SQLiteError where error.isBusy {
            throw FirestoreErrorCode.stateFile(message: "the state file '\(path)' is in use by another listener")
        } catch let error as SQLiteError where error.isDamaged {
            throw FirestoreErrorCode.stateFile(
                message: "'\(path)' is not a state file (\(error.message)); it was left unchanged")
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
    /// - Throws: `FirestoreErrorCode` `.failedPrecondition` when the file holds another query's state, or a row
    ///   that is damaged (a value of the wrong type, NULL where one is needed, a document that does not decode).
    package func load() throws(FirestoreErrorCode) -> PersistedTarget? {
        try wrap {
            let rows = try database.prepare(
                "SELECT id, fingerprint, description, resume_token, read_seconds, read_nanos FROM target"
            ).rows()
            guard let row = rows.first else { return nil }
            guard case .integer(let id) = row[0], case .blob(let storedFingerprint) = row[1],
                case .text(let stored) = row[2]
            else { throw damaged("target") }
            guard rows.count == 1, id == Int64(target.id), storedFingerprint == fingerprint else {
                throw FirestoreErrorCode.stateFile(
                    message: "the state file '\(path)' belongs to another query (\(stored)); "
                        + "use another file, or \(resetHint) to start afresh"
                )
            }
            let documents = try database.prepare("SELECT name, body FROM document WHERE target_id = ?")
                .rows([.integer(id)]).map(storedDocument)
            let readTime = try storedReadTime(row[4], row[5])
            var resume = readTime.map(ResumePoint.readTime)
            switch row[3] {
            case .null: break
            case .blob(let token): if !token.isEmpty { resume = .token(token) }
            default: throw damaged("resume token")
            }
            return PersistedTarget(target: target, documents: documents, resume: resume, readTime: readTime)
        }
    }

    /// Saves one snapshot: the changed documents, and the resume point it was raised at, in one transaction.
    package func save(_ snapshot: ViewSnapshot, resume: ResumePoint?) throws(FirestoreErrorCode) {
        var token: SQLiteStatement.Value = .null
        if case .token(let bytes) = resume { token = .blob(bytes) }
        let unsaved = "the snapshot at \(snapshot.readTime.rfc3339) is not saved"
        let moved: Bool
        do {
            moved = try database.fileHasMoved()
        } catch {
            throw FirestoreErrorCode.stateFile(message: "cannot save to '\(path)': \(error.message); \(unsaved)")
        }
        if moved {
            let what = FileManager.default.fileExists(atPath: path) ? "was replaced by another file" : "was deleted"
            throw FirestoreErrorCode.stateFile(message: "the state file '\(path)' \(what) while in use; \(unsaved)")
        }
        do {
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
        } catch let error as SQLiteError {
            throw FirestoreErrorCode.stateFile(message: "cannot save to '\(path)': \(error.message); \(unsaved)")
        } catch {
            throw FirestoreErrorCode.stateFile(message: "cannot save to '\(path)': \(error); \(unsaved)")
        }
    }

    /// A document row: its name and body, which must decode to a document of that name.
    private func storedDocument(_ row: [SQLiteStatement.Value]) throws(FirestoreErrorCode) -> Document {
        guard case .text(let name) = row[0], case .blob(let body) = row[1],
            let document = try? Wire.decodeDocument(body), document.name == name
        else { throw damaged("document") }
        return document
    }

    /// The read time of the target row: both columns NULL (none yet) or integers in range.
    private func storedReadTime(_ seconds: SQLiteStatement.Value, _ nanos: SQLiteStatement.Value)
        throws(FirestoreErrorCode) -> Timestamp?
    {
        switch (seconds, nanos) {
        case (.null, .null): return nil
        case (.integer(let seconds), .integer(let nanos)) where (0..<1_000_000_000).contains(nanos):
            return Timestamp(seconds: seconds, nanos: Int32(nanos))
        default: throw damaged("read time")
        }
    }

    /// A row of the file that cannot be what this program wrote.
    private func damaged(_ what: String) -> FirestoreErrorCode {
        .stateFile(
            message: "a stored \(what) in the state file '\(path)' is damaged; "
                + "use another file, or \(resetHint) to start afresh"
        )
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
