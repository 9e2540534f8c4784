import FirestoreListen
import FirestoreWatch
import Foundation
import Testing

@testable import FirestoreListenCLI

@Suite struct CommandParsingTests {
    private func watch(_ arguments: [String]) throws -> WatchOptions {
        guard case .watch(let options) = try Command.parse(["watch"] + arguments) else {
            Issue.record("not a watch command")
            return WatchOptions()
        }
        return options
    }

    private func usageError(_ arguments: [String]) -> UsageError? {
        do {
            _ = try Command.parse(arguments)
            return nil
        } catch {
            return error
        }
    }

    @Test func parsesAFullWatchCommandLine() throws {
        let options = try watch([
            "rooms/r1/messages", "--where", "status == \"pending\"", "--where=seq>=3", "--order-by", "seq", "desc",
            "--limit", "10", "--json", "--include-docs", "--skip-initial", "--state", "s.db", "--max-events", "5",
            "--max-retry-time", "90s", "--exec", "cat", "--host", "127.0.0.1:8080", "--project", "p",
        ])
        #expect(options.source == .collection("rooms/r1/messages"))
        #expect(
            options.filters == [
                QueryFilter(field: FieldPath(["status"]), op: .equal, value: .string("pending")),
                QueryFilter(field: FieldPath(["seq"]), op: .greaterThanOrEqual, value: .integer(3)),
            ]
        )
        #expect(options.orders == [QueryOrder(field: FieldPath(["seq"]), descending: true)])
        #expect(options.limit == 10)
        #expect(options.json && options.includeDocs && options.skipInitial)
        #expect(options.statePath == "s.db" && options.maxEvents == 5 && options.exec == "cat")
        #expect(options.maxRetryTime == .seconds(90))
        #expect(options.connection.host == "127.0.0.1:8080" && options.connection.project == "p")
    }

    @Test(arguments: [
        ("status==hoge", QueryFilter(field: FieldPath(["status"]), op: .equal, value: .string("hoge"))),
        ("n != null", QueryFilter(field: FieldPath(["n"]), op: .notEqual, value: .null)),
        ("a.b < 2.5", QueryFilter(field: FieldPath(["a", "b"]), op: .lessThan, value: .double(2.5))),
        (
            "`we-ird`.x <= true",
            QueryFilter(field: FieldPath(["we-ird", "x"]), op: .lessThanOrEqual, value: .boolean(true))
        ),
        ("tags array-contains x", QueryFilter(field: FieldPath(["tags"]), op: .arrayContains, value: .string("x"))),
        (
            "tags array-contains-any [\"x\",\"y\"]",
            QueryFilter(field: FieldPath(["tags"]), op: .arrayContainsAny, value: .array([.string("x"), .string("y")]))
        ),
        ("n in [1, 2]", QueryFilter(field: FieldPath(["n"]), op: .in, value: .array([.integer(1), .integer(2)]))),
        ("n not-in [1]", QueryFilter(field: FieldPath(["n"]), op: .notIn, value: .array([.integer(1)]))),
        ("text == a b", QueryFilter(field: FieldPath(["text"]), op: .equal, value: .string("a b"))),
        ("text == \"a b\"", QueryFilter(field: FieldPath(["text"]), op: .equal, value: .string("a b"))),
    ])
    func parsesWhereClauses(clause: String, expected: QueryFilter) throws {
        #expect(try watch(["c", "--where", clause]).filters == [expected])
    }

    @Test(
        arguments: [
            (["watch", "c", "--limt", "3"], "Unknown option '--limt'", "watch"),
            (["watch", "c", "--limit"], "Missing value for '--limit <n>'", "watch"),
            (["watch", "c", "--limit", "x"], "The value 'x' is invalid for '--limit <n>'", "watch"),
            (
                ["watch", "c", "--where", "status = 1"],
                "The value 'status = 1' is invalid for '--where <FIELD OP VALUE>'", "watch"
            ),
            (
                ["watch", "c/d"],
                "'c/d' is not a collection path (an odd number of segments, like 'rooms/r1/messages')", "watch"
            ),
            (
                ["watch", "c", "--document", "c/d"],
                "Give exactly one of COLLECTION_PATH, --document and --collection-group", "watch"
            ),
            (["confirm", "c"], "'c' is not a document path (an even number of segments, like 'rooms/r1')", "confirm"),
            (
                ["confirm", "c/d", "--if-update-time", "yesterday"],
                "The value 'yesterday' is invalid for '--if-update-time <time>' (RFC 3339, like 2026-11-29T12:00:00.123456Z)",
                "confirm"
            ),
            (["frobnicate"], "Unknown subcommand 'frobnicate'", nil),
            ([], "Missing subcommand: watch, confirm or work", nil),
            (
                ["watch", "c", "--once", "--skip-initial"],
                "--once prints the first snapshot, which --skip-initial hides (for the first change: --skip-initial --max-events 1)",
                "watch"
            ),
            (["watch", "c1//x"], "'c1//x' has an empty segment", "watch"),
            (
                ["watch", "c1/../c2"], "'c1/../c2' has the segment '..', which Firestore does not allow as an id",
                "watch"
            ),
            (
                ["watch", "__foo__"],
                "'__foo__' has the segment '__foo__': ids of the form __…__ are reserved by Firestore",
                "watch"
            ),
            (["confirm", "c/."], "'c/.' has the segment '.', which Firestore does not allow as an id", "confirm"),
            (
                ["watch", "c", "--exec", " "], "The value ' ' is invalid for '--exec <command>' (an empty command)",
                "watch"
            ),
            (["confirm", "c/d", "--set", "a=1", "--set", "a=2"], "--set: 'a' is given twice", "confirm"),
            (
                ["confirm", "c/d", "--set", "a.b=1", "--set", "a=2"],
                "--set: 'a.b' and 'a' overlap (one is inside the other)", "confirm"
            ),
            (
                ["confirm", "c/d", "--set", "a=1", "--server-time", "a.at"],
                "--server-time: 'a' and 'a.at' overlap (one is inside the other)", "confirm"
            ),
        ] as [([String], String, String?)])
    func rejectsBadUsageWithOneClearLine(arguments: [String], message: String, subcommand: String?) {
        let error = usageError(arguments)
        #expect(error?.message == message)
        #expect(error?.subcommand == subcommand)
        #expect(error?.description.split(separator: "\n").count == 2)
    }

    @Test func backticksProtectSpacesAndEqualsSigns() throws {
        #expect(
            try watch(["c", "--order-by", "`a b` desc"]).orders == [
                QueryOrder(field: FieldPath(["a b"]), descending: true)
            ])
        guard case .confirm(let options) = try Command.parse(["confirm", "c/d", "--set", "`a=b`=1"]) else {
            Issue.record("not a confirm command")
            return
        }
        #expect(options.fields == [FieldPath(["a=b"]): .integer(1)])
        #expect(usageError(["watch", "c", "--state", "--json"])?.message == "Missing value for '--state <file>'")
    }

    /// Found by Scripts/fuzz: a backtick or a backslash followed by a combining mark is one Character in
    /// Swift but two code points for the server; paths are read and written by Unicode scalars.
    @Test func fieldPathsWithCombiningMarksRoundTripThroughTheCanonicalForm() throws {
        for segments in [["\u{6EA}x"], ["\\\u{301}"], ["`\u{301}", "a"], ["\u{301}`"]] {
            let path = FieldPath(segments)
            #expect(try FieldPath(parsing: path.canonical, subcommand: "watch") == path)
        }
        #expect(FieldPath(["\\\u{301}"]).canonical.unicodeScalars.elementsEqual("`\\\\\u{301}`".unicodeScalars))
        #expect(try FieldPath(parsing: "`\u{301}a`.b", subcommand: "watch") == FieldPath(["\u{301}a", "b"]))
    }

    @Test func confirmDefaultsToStatusCompleted() throws {
        guard case .confirm(let options) = try Command.parse(["confirm", "queue/t1"]) else {
            Issue.record("not a confirm command")
            return
        }
        #expect(options.fields == [FieldPath(["status"]): .string("completed")])
        #expect(options.ifUpdateTime == nil)
    }

    @Test func confirmTakesSetsServerTimeAndAPrecondition() throws {
        guard
            case .confirm(let options) = try Command.parse([
                "confirm", "queue/t1", "--set", "status=done", "--set", "n=3", "--server-time", "at",
                "--if-update-time", "2026-11-29T12:00:00.123456Z",
            ])
        else {
            Issue.record("not a confirm command")
            return
        }
        #expect(options.fields == [FieldPath(["status"]): .string("done"), FieldPath(["n"]): .integer(3)])
        #expect(options.serverTimeFields == [FieldPath(["at"])])
        #expect(options.ifUpdateTime == Timestamp(seconds: 1_795_953_600, nanos: 123_456_000))
    }

    @Test func helpIsAvailableEverywhere() throws {
        for arguments in [["--help"], ["help"], ["help", "watch"], ["watch", "--help"], ["confirm", "-h"]] {
            guard case .help(let text) = try Command.parse(arguments) else {
                Issue.record("no help for \(arguments)")
                continue
            }
            #expect(text.contains("USAGE: firestore-listen"))
        }
    }

    @Test func settingsFollowTheEmulatorVariableAsGoogleClientsDo() throws {
        let emulator = try ConnectionOptions().resolve(
            environment: ["FIRESTORE_EMULATOR_HOST": "127.0.0.1:8080"],
            subcommand: "watch"
        ).settings
        #expect(emulator.host == "127.0.0.1:8080" && emulator.isEmulator && emulator.security == .plaintext)
        #expect(emulator.projectID == "google-cloud-firestore-emulator" && emulator.credentials == .emulatorOwner)

        var options = ConnectionOptions()
        options.project = "p"
        let production = try options.resolve(environment: ["HOME": "/nonexistent"], subcommand: "watch").settings
        #expect(
            production.host == "firestore.googleapis.com:443" && production.security == .tls(rootCertificatesFile: nil)
        )
        #expect(
            production.credentials == .applicationDefault && production.databaseName == "projects/p/databases/(default)"
        )

        #expect(throws: UsageError.self) {
            try ConnectionOptions().resolve(environment: ["HOME": "/nonexistent"], subcommand: "watch")
        }
    }

    @Test(arguments: ["", "two tokens", "ya29.a\u{01}b", "ya29.é"])
    func aTokenFileThatHoldsNoUsableTokenIsBadUsageAndNeverPrinted(content: String) throws {
        let file = FileManager.default.temporaryDirectory.appending(path: "token-\(UUID().uuidString)")
        try Data(content.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        var options = ConnectionOptions()
        (options.host, options.insecure, options.project, options.accessTokenFile) = (
            "127.0.0.1:1", true, "p", file.path
        )
        let settings = try options.resolve(environment: [:], subcommand: "watch").settings
        do {
            _ = try FirestoreConnection.forCommandLine(settings: settings)
            Issue.record("the token was accepted")
        } catch let error as UsageError {
            #expect(error.message == "The access token file '\(file.path)' does not hold one token")
        }
    }

    @Test func theEmulatorNeverGetsARealTokenAndUnusedFlagsAreWarnedAbout() throws {
        var options = ConnectionOptions()
        options.accessTokenFile = "/run/secrets/token"
        options.caFile = "/etc/ssl/roots.pem"
        let emulator = try options.resolve(
            environment: ["FIRESTORE_EMULATOR_HOST": "127.0.0.1:8080"], subcommand: "watch")
        #expect(emulator.settings.credentials == .emulatorOwner && emulator.settings.security == .plaintext)
        #expect(emulator.warnings.count == 2)
        #expect(emulator.warnings.allSatisfy { !$0.contains("\n") })

        options.project = "p"
        let production = try options.resolve(environment: [:], subcommand: "watch")
        #expect(
            production.settings.credentials == .accessTokenFile("/run/secrets/token") && production.warnings.isEmpty)
    }
}
