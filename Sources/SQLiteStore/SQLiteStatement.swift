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
            case .text(let s): result = sqlite3_bind_text(statement, index, s, -1, transient)
            case .blob(let b):
                result = b.withUnsafeBytes {
                    sqlite3_bind_blob(statement, index, $0.baseAddress, Int32($0.count), transient)
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
            rows.append((0..<sqlite3_column_count(statement)).map(column))
        }
        return rows
    }

    private func step() throws(SQLiteError) -> Bool {
        let result = sqlite3_step(statement)
        try database.check(result)
        return result == SQLITE_ROW
    }

    private func column(_ index: Int32) -> Value {
        switch sqlite3_column_type(statement, index) {
        case SQLITE_INTEGER: return .integer(sqlite3_column_int64(statement, index))
        case SQLITE_TEXT: return .text(String(cString: sqlite3_column_text(statement, index)))
        case SQLITE_BLOB:
            let count = Int(sqlite3_column_bytes(statement, index))
            guard count > 0, let bytes = sqlite3_column_blob(statement, index) else { return .blob([]) }
            return .blob(Array(UnsafeRawBufferPointer(start: bytes, count: count)))
        default: return .null
        }
    }
}
