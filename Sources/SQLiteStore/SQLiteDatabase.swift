internal import CSQLite
internal import Foundation

/// One SQLite database file, opened read-write (created with mode 0600 when missing).
///
/// Owns the `sqlite3` handle and closes it in `deinit`. Not thread-safe: one owner at a time (the
/// `--state` file belongs to the watch command's task). Every call that fails throws `SQLiteError`. There is
/// no busy timeout: a database another connection has locked fails at once with `SQLITE_BUSY`.
/// The corresponding C functions are `sqlite3_open_v2`, `sqlite3_exec` and `sqlite3_prepare_v2`.
public final class SQLiteDatabase {
    private let handle: OpaquePointer  // owned; sqlite3_close_v2 in deinit

    /// - Parameter create: create the file (mode 0600) when it does not exist.
    public init(path: String, create: Bool) throws(SQLiteError) {
        if create, !FileManager.default.fileExists(atPath: path) {
            guard FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600])
            else { throw SQLiteError(code: SQLITE_CANTOPEN, message: "cannot create '\(path)'") }
        }
        var opened: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX
        let result = sqlite3_open_v2(path, &opened, flags, nil)
        guard result == SQLITE_OK, let opened else {
            let message = opened.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close_v2(opened)
            throw SQLiteError(code: result, message: message)
        }
        handle = opened
    }

    deinit {
        sqlite3_close_v2(handle)
    }

    /// Whether SQLite opened the file read-only (it does when the file or its directory is write-protected).
    public var isReadOnly: Bool {
        sqlite3_db_readonly(handle, "main") == 1
    }

    /// Whether the file at the path is no longer the one open here: deleted (unlinked), renamed, or replaced
    /// by another file. The corresponding C call is `sqlite3_file_control` with `SQLITE_FCNTL_HAS_MOVED`,
    /// which compares the open descriptor's inode with the path's.
    public func fileHasMoved() throws(SQLiteError) -> Bool {
        var moved: Int32 = 0
        try check(sqlite3_file_control(handle, "main", SQLITE_FCNTL_HAS_MOVED, &moved))
        return moved != 0
    }

    /// Runs one or more statements that return no rows.
    public func execute(_ sql: String) throws(SQLiteError) {
        try check(sqlite3_exec(handle, sql, nil, nil, nil))
    }

    /// Runs `body` in one transaction: committed when it returns, rolled back when it throws.
    public func transaction<T>(_ body: () throws -> T) throws -> T {
        try execute("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    /// Compiles one statement.
    public func prepare(_ sql: String) throws(SQLiteError) -> SQLiteStatement {
        var statement: OpaquePointer?
        try check(sqlite3_prepare_v2(handle, sql, -1, &statement, nil))
        guard let statement else { throw SQLiteError(code: SQLITE_MISUSE, message: "empty statement: \(sql)") }
        return SQLiteStatement(statement, database: self)
    }

    func check(_ result: Int32) throws(SQLiteError) {
        guard result == SQLITE_OK || result == SQLITE_ROW || result == SQLITE_DONE else {
            throw SQLiteError(code: result, message: String(cString: sqlite3_errmsg(handle)))
        }
    }
}
