import FirestoreListen
import FirestoreWatch
import Foundation
import SQLiteStore
import Testing

/// The state file without a server: names kept whole, damaged rows named, other databases refused and left
/// as they were, files of the first release adopted, one listener at a time, and a file deleted or replaced
/// while in use.
@Suite struct StateFileTests {
    private let path = FileManager.default.temporaryDirectory.appending(path: "statefile-\(UUID()).sqlite").path
    private let root = "projects/p/databases/(default)/documents"
    private var target: ListenTarget {
        ListenTarget(id: 1, spec: .query(FirestoreWatch.Query(parent: root, collectionID: "c")))
    }

    private func removeFiles() {
        for suffix in ["", "-wal", "-shm", "-journal"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }

    private func document(_ id: String, second: Int64 = 1) -> Document {
        let time = Timestamp(seconds: second)
        return Document(name: root + "/c/" + id, fields: ["n": .integer(second)], createTime: time, updateTime: time)
    }

    private func snapshot(second: Int64, _ changes: [(DocumentViewChange.Kind, Document)]) -> ViewSnapshot {
        ViewSnapshot(
            targetID: 1, initial: false, readTime: Timestamp(seconds: second), documents: [],
            changes: changes.map { DocumentViewChange(kind: $0.0, document: $0.1, oldIndex: -1, newIndex: -1) }
        )
    }

    /// A state file holding documents a and b, saved at second 2 with a resume token, then closed.
    private func savedFile() throws {
        let file = try StateFile(path: path, target: target, reset: false)
        try file.save(snapshot(second: 2, [(.added, document("a")), (.added, document("b"))]), resume: .token([9]))
    }

    private func refusal(_ body: () throws -> Void) -> String? {
        do {
            try body()
            return nil
        } catch let error as FirestoreErrorCode {
            return error.code == .failedPrecondition ? error.message : "\(error)"
        } catch {
            return "\(error)"
        }
    }

    @Test func documentNamesHoldingANulAreKeptWhole() throws {
        defer { removeFiles() }
        let (xa, xb) = (document("x\u{0}a"), document("x\u{0}b"))
        do {
            let file = try StateFile(path: path, target: target, reset: false)
            try file.save(snapshot(second: 2, [(.added, xa), (.added, xb)]), resume: .token([0, 1, 0]))
            try file.save(snapshot(second: 3, [(.removed, xa)]), resume: .token([0, 2, 0]))
        }
        let loaded = try #require(try StateFile(path: path, target: target, reset: false).load())
        #expect(loaded.documents == [xb])
        #expect(loaded.resume == .token([0, 2, 0]))
    }

    @Test(arguments: [
        ("UPDATE target SET resume_token = 'text'", "resume token"),
        ("UPDATE target SET resume_token = 1.5", "resume token"),
        ("UPDATE target SET read_seconds = NULL", "read time"),
        ("UPDATE target SET read_nanos = 2000000000", "read time"),
        ("UPDATE target SET read_seconds = 'x'", "read time"),
        ("UPDATE target SET fingerprint = 7", "target"),
        ("UPDATE target SET description = x'00'", "target"),
        ("UPDATE document SET body = x'ffff' WHERE name LIKE '%/a'", "document"),
        ("UPDATE document SET body = 'text' WHERE name LIKE '%/a'", "document"),
        ("UPDATE document SET name = name || 'z' WHERE name LIKE '%/a'", "document"),
        (
            """
            ALTER TABLE target RENAME TO old; CREATE TABLE target(id INTEGER PRIMARY KEY, fingerprint, description,
            resume_token, read_seconds, read_nanos); INSERT INTO target SELECT id, NULL, NULL, NULL, NULL, NULL FROM old;
            DROP TABLE old
            """, "target"
        ),
        (
            """
            ALTER TABLE document RENAME TO old; CREATE TABLE document(target_id, name, body);
            INSERT INTO document SELECT target_id, NULL, NULL FROM old; DROP TABLE old
            """, "document"
        ),
    ])
    func aDamagedRowIsOneLineNamingIt(damage: String, what: String) throws {
        defer { removeFiles() }
        try savedFile()
        try SQLiteDatabase(path: path, create: false).execute(damage)
        let message = refusal { _ = try StateFile(path: path, target: target, reset: false).load() }
        #expect(
            message?.contains("a stored \(what) in the state file '\(path)' is damaged") == true, "\(message ?? "")")
        #expect(message?.contains("\n") == false)
    }

    @Test(arguments: [
        ("CREATE TABLE notes(x); INSERT INTO notes VALUES (1)", "is not a state file"),
        ("PRAGMA application_id = 1196444487; CREATE TABLE gpkg(x)", "application id 0x47504b47"),
        ("PRAGMA user_version = 3", "is not a state file"),
        ("CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT); CREATE TABLE target(x)", "is not a state file"),
        (
            "CREATE TABLE meta(key, value); CREATE TABLE target(x); CREATE TABLE document(y); "
                + "INSERT INTO meta VALUES ('schema', '2')", "is not a state file"
        ),
        ("PRAGMA application_id = 1179407188; PRAGMA user_version = 2", "is a state file of another version"),
    ])
    func anotherDatabaseIsRefusedAndLeftUnchanged(setup: String, reason: String) throws {
        defer { removeFiles() }
        try SQLiteDatabase(path: path, create: true).execute(setup)
        let before = try Data(contentsOf: URL(filePath: path))
        let message = refusal { _ = try StateFile(path: path, target: target, reset: false) }
        #expect(message?.contains(reason) == true, "\(message ?? "accepted")")
        #expect(message?.contains("left unchanged") == true)
        #expect(try Data(contentsOf: URL(filePath: path)) == before)
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
    }

    @Test func aNewFileCarriesTheApplicationIDAndTheSchemaVersion() throws {
        defer { removeFiles() }
        try savedFile()
        let database = try SQLiteDatabase(path: path, create: false)
        #expect(try database.prepare("PRAGMA application_id").rows() == [[.integer(0x464C_5354)]])
        #expect(try database.prepare("PRAGMA user_version").rows() == [[.integer(1)]])
    }

    @Test func aFileOfTheFirstReleaseIsAdoptedWithWhatItHolds() throws {
        defer { removeFiles() }
        try savedFile()
        // The first release wrote the same tables, without the two header fields.
        try SQLiteDatabase(path: path, create: false).execute("PRAGMA application_id = 0; PRAGMA user_version = 0")
        let loaded = try #require(try StateFile(path: path, target: target, reset: false).load())
        #expect(loaded.documents == [document("a"), document("b")])
        #expect(loaded.resume == .token([9]))
        let database = try SQLiteDatabase(path: path, create: false)
        #expect(try database.prepare("PRAGMA application_id").rows() == [[.integer(0x464C_5354)]])
    }

    @Test func aSecondStateFileOnTheSamePathIsRefusedUntilTheFirstIsReleased() throws {
        defer { removeFiles() }
        var first: StateFile? = try StateFile(path: path, target: target, reset: false)
        let message = refusal { _ = try StateFile(path: path, target: target, reset: false) }
        #expect(message == "the state file '\(path)' is in use by another listener")
        try first?.save(snapshot(second: 2, [(.added, document("a"))]), resume: nil)
        first = nil
        #expect(try StateFile(path: path, target: target, reset: false).load()?.documents == [document("a")])
    }

    @Test func aFileDeletedWhileInUseFailsTheNextSave() throws {
        defer { removeFiles() }
        let file = try StateFile(path: path, target: target, reset: false)
        try file.save(snapshot(second: 2, [(.added, document("a"))]), resume: nil)
        removeFiles()
        let message = refusal { try file.save(snapshot(second: 3, [(.added, document("b"))]), resume: nil) }
        #expect(
            message
                == "the state file '\(path)' was deleted while in use; the snapshot at 1970-01-01T00:00:03Z is not saved"
        )
    }

    @Test func aFileReplacedWhileInUseFailsTheNextSave() throws {
        defer { removeFiles() }
        let file = try StateFile(path: path, target: target, reset: false)
        try file.save(snapshot(second: 2, [(.added, document("a"))]), resume: nil)
        let other = path + ".other"
        try Data().write(to: URL(filePath: other))
        _ = rename(other, path)
        let message = refusal { try file.save(snapshot(second: 3, [(.added, document("b"))]), resume: nil) }
        #expect(message?.hasPrefix("the state file '\(path)' was replaced by another file while in use") == true)
        #expect(try Data(contentsOf: URL(filePath: path)).isEmpty, "the new file is not written to")
    }
}
