internal import CSQLite

/// A failed SQLite call: the result code and SQLite's message.
public struct SQLiteError: Error, Hashable, Sendable {
    public var code: Int32
    public var message: String

    public init(code: Int32, message: String) {
        self.code = code
        self.message = message
    }

    /// Another connection (of this process or another) holds a lock on the database: `SQLITE_BUSY` or
    /// `SQLITE_LOCKED`.
    public var isBusy: Bool {
        code & 0xFF == SQLITE_BUSY || code & 0xFF == SQLITE_LOCKED
    }

    /// The file is not a SQLite database, or its bytes are damaged: `SQLITE_NOTADB` or `SQLITE_CORRUPT`.
    public var isDamaged: Bool {
        code & 0xFF == SQLITE_NOTADB || code & 0xFF == SQLITE_CORRUPT
    }
}
