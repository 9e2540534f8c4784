import Foundation
import SQLiteStore
import Testing

/// Values go into SQLite and come back byte for byte: text with U+0000 inside, empty text and blobs; a
/// column of any type reads without a crash.
@Suite struct SQLiteStatementTests {
    private let path = FileManager.default.temporaryDirectory.appending(path: "statement-\(UUID()).sqlite").path

    private func database() throws -> SQLiteDatabase {
        let database = try SQLiteDatabase(path: path, create: true)
        try database.execute("CREATE TABLE t(k INTEGER PRIMARY KEY, v)")
        return database
    }

    @Test(arguments: [
        SQLiteStatement.Value.text("c/a\u{0}b"), .text("\u{0}"), .text(""), .text("naïve ☃ \u{0} end"),
        .blob([]), .blob([0, 1, 0]), .integer(-7), .null, .real(0.5),
    ])
    func aValueComesBackAsItWasBound(_ value: SQLiteStatement.Value) throws {
        defer { try? FileManager.default.removeItem(atPath: path) }
        let database = try database()
        try database.prepare("INSERT INTO t(k, v) VALUES (1, ?)").run([value])
        #expect(try database.prepare("SELECT v FROM t").rows() == [[value]])
        // Compared inside SQLite too: what was stored is the whole value, not its text up to a NUL.
        #expect(try database.prepare("SELECT count(*) FROM t WHERE v IS ?").rows([value]) == [[.integer(1)]])
    }

    @Test func textsThatDifferOnlyAfterANulAreTwoKeys() throws {
        defer { try? FileManager.default.removeItem(atPath: path) }
        let database = try SQLiteDatabase(path: path, create: true)
        try database.execute("CREATE TABLE d(name TEXT PRIMARY KEY)")
        let insert = try database.prepare("INSERT INTO d(name) VALUES (?)")
        try insert.run([.text("c/x\u{0}a")])
        try insert.run([.text("c/x\u{0}b")])
        #expect(
            try database.prepare("SELECT length(CAST(name AS BLOB)) FROM d").rows() == [[.integer(5)], [.integer(5)]])
    }

    @Test func textThatIsNotUTF8IsAnErrorNotACrash() throws {
        defer { try? FileManager.default.removeItem(atPath: path) }
        let database = try database()
        try database.execute("INSERT INTO t(k, v) VALUES (1, CAST(x'ff00fe' AS TEXT))")
        #expect(throws: SQLiteError.self) { try database.prepare("SELECT v FROM t").rows() }
    }
}
