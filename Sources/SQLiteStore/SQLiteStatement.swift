internal import CSQLite

/// A compiled statement. Owns the `sqlite3_stmt` and finalizes it in `deinit`; keeps its database alive.
/// The corresponding C functions are `sqlite3_bind_*`, `sqlite3_step`, `sqlite3_column_*` and `sqlite3_reset`.
public final class SQLiteStatement {
    /// A value to bind to a `?` parameter, or read from a column.
    public enum Value: Hashable, Sendable {
        case null
        case integer(Int64)
        case text(String)
        case blob([UInt8])
        /// A REAL (the state file stores none; a damaged or foreign file may).
        case real(Double)
    }

    private let statement: OpaquePointer  // owned; sqlite3_finalize in deinit
    private let database: SQLiteDatabase  // reference, kept alive while the statement lives

    init(_ statement: OpaquePointer, database: SQLiteDatabase) {
        self.statement = statement
        self.database = database
    }

    deinit {
        sqlite3_finalize(statement)
    }

    /// Resets the statement and binds `values` to its parameters 1…n.
    public func bind(_ values: [Value]) throws(SQLiteError) {
        sqlite3_reset(statement)
        sqlite3_clear_bindings(statement)
        // SQLITE_TRANSIENT: SQLite copies the bytes before the call returns.
        let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let result: Int32
            switch value {
            case .null: result = sqlite3_bind_null(statement, index)
            case .integer(let i): result = sqlite3_bind_int64(statement, index, i)
            case .text(let s):
                // With the byte length, not -1: a U+0000 inside the text is kept, not taken as its end.
                result = s.utf8CString.withUnsafeBufferPointer {
                    sqlite3_bind_text64(
                        statement, index, $0.baseAddress, UInt64($0.count - 1), transient, UInt8(SQLITE_UTF8))
                }
            case .real(let d): result = sqlite3_bind_double(statement, index, d)
            case .blob(let b) where b.isEmpty:
                // An empty buffer may have no address, which SQLite would bind as NULL.
                result = sqlite3_bind_zeroblob(statement, index, 0)
            case .blob(let b):
                result = b.withUnsafeBytes {
                    sqlite3_bind_blob64(statement, index, $0.baseAddress, UInt64($0.count), transient)
                }
            }
            try database.check(result)
        }
    }

    /// Runs the statement to its end (for statements that return no rows).
    public func run(_ values: [Value] = []) throws(SQLiteError) {
        try bind(values)
        while try step() {}
    }

    /// Every row, each as its columns' values.
    public func rows(_ values: [Value] = []) throws(SQLiteError) -> [[Value]] {
        try bind(values)
        var rows: [[Value]] = []
        while try step() {
            var row: [Value] = []
            for index in 0..<sqlite3_column_count(statement) { row.append(try column(index)) }
            rows.append(row)
        }
        return rows
    }

    private func step() throws(SQLiteError) -> Bool {
        let result = sqlite3_step(statement)
        try database.check(result)
        return result == SQLITE_ROW
    }

    /// The value of a column of the current row, read with its byte length (a U+0000 inside text is kept).
    /// - Throws: `SQLiteError` `SQLITE_MISMATCH` for text that is not UTF-8, `SQLITE_NOMEM` when SQLite
    ///   cannot hand the bytes out.
    private func column(_ index: Int32) throws(SQLiteError) -> Value {
        switch sqlite3_column_type(statement, index) {
        case SQLITE_INTEGER: return .integer(sqlite3_column_int64(statement, index))
        case SQLITE_TEXT:
            // sqlite3_column_text first, then sqlite3_column_bytes: the count is of the text it returned.
            let text = sqlite3_column_text(statement, index)
            let count = Int(sqlite3_column_bytes(statement, index))
            guard count > 0 else { return .text("") }
            guard let text else { throw SQLiteError(code: SQLITE_NOMEM, message: "out of memory") }
            guard let string = String(validating: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
            else { throw SQLiteError(code: SQLITE_MISMATCH, message: "a text column is not valid UTF-8") }
            return .text(string)
        case SQLITE_BLOB:
            let bytes = sqlite3_column_blob(statement, index)
            let count = Int(sqlite3_column_bytes(statement, index))
            guard count > 0 else { return .blob([]) }
            guard let bytes else { throw SQLiteError(code: SQLITE_NOMEM, message: "out of memory") }
            return .blob(Array(UnsafeRawBufferPointer(start: bytes, count: count)))
        case SQLITE_FLOAT: return .real(sqlite3_column_double(statement, index))
        default: return .null
        }
    }
}
