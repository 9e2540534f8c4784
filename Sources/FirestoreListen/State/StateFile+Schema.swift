import SQLiteStore

/// How a state file is told from any other SQLite database, and how a new one is made.
///
/// A state file carries, in its header, SQLite's `application_id` 0x464C5354 ("FLST", FirestoreListen
/// STate) and `user_version` 1 (the schema version; `meta` 'schema' says the same). An empty database (a new
/// file) is made one. A file of the first release (tables `meta`, `target`, `document`, 'schema' = '1', no
/// application id) is adopted: the two header fields are set, so that from then on the header alone names
/// it; that release ignores both fields, so it still opens the file. Any other database is refused as it
/// is: recognising reads only.
extension StateFile {
    /// SQLite's `PRAGMA application_id` of a state file: "FLST" in ASCII.
    static let applicationID: Int64 = 0x464C_5354
    /// SQLite's `PRAGMA user_version` of a state file: the schema version.
    static let schemaVersion: Int64 = 1

    /// What a database opened as a state file turned out to be.
    enum Recognition: Equatable {
        /// A state file of this schema.
        case stateFile
        /// An empty database: a new file.
        case empty
        /// A state file of the first release, without the header fields.
        case firstRelease
        /// Not a state file of this schema; the reason says what it is.
        case refused(String)
    }

    /// Tells what `database` is, reading only.
    static func recognise(_ database: SQLiteDatabase) throws(SQLiteError) -> Recognition {
        let applicationID = try integer("PRAGMA application_id", database)
        let userVersion = try integer("PRAGMA user_version", database)
        let objects = try database.prepare(
            "SELECT name FROM sqlite_master WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\'"
        ).rows()
        let names = Set(objects.compactMap { if case .text(let name) = $0.first { name } else { nil } })
        switch applicationID {
        case Self.applicationID where userVersion == schemaVersion:
            return .stateFile
        case Self.applicationID:
            return .refused("is a state file of another version (schema \(userVersion))")
        case 0 where names.isEmpty && userVersion == 0:
            return .empty
        case 0 where names == ["meta", "target", "document"] && userVersion == 0:
            let schema = try? database.prepare("SELECT value FROM meta WHERE key = 'schema'").rows()
            if schema == [[.text("1")]] { return .firstRelease }
            return .refused("is not a state file (a SQLite database of another program)")
        case 0:
            return .refused("is not a state file (a SQLite database of another program)")
        default:
            let hex = String(UInt32(truncatingIfNeeded: applicationID), radix: 16)
            return .refused("is not a state file (a SQLite database of another program, application id 0x\(hex))")
        }
    }

    /// Makes the tables of an empty database, or adopts a file of the first release; sets the header fields.
    static func writeSchema(_ database: SQLiteDatabase) throws {
        try database.transaction {
            try database.execute(
                """
                CREATE TABLE IF NOT EXISTS meta(key TEXT PRIMARY KEY, value TEXT);
                CREATE TABLE IF NOT EXISTS target(id INTEGER PRIMARY KEY, fingerprint BLOB NOT NULL,
                    description TEXT NOT NULL, resume_token BLOB, read_seconds INTEGER, read_nanos INTEGER);
                CREATE TABLE IF NOT EXISTS document(target_id INTEGER NOT NULL, name TEXT NOT NULL,
                    body BLOB NOT NULL, PRIMARY KEY (target_id, name));
                INSERT OR IGNORE INTO meta(key, value) VALUES ('schema', '1');
                PRAGMA application_id = \(applicationID);
                PRAGMA user_version = \(schemaVersion);
                """
            )
        }
    }

    private static func integer(_ pragma: String, _ database: SQLiteDatabase) throws(SQLiteError) -> Int64 {
        guard case .integer(let value) = try database.prepare(pragma).rows().first?.first else {
            throw SQLiteError(code: 1, message: "\(pragma) returned no integer")
        }
        return value
    }
}
