import FirestoreListen
import FirestoreWatch
import Foundation
import Testing

@testable import FirestoreListenCLI

/// Arguments that are mistakes are bad usage with one line naming the flag, never a crash, a silent
/// reinterpretation or a request the server refuses without a reason.
@Suite struct BadInputTests {
    private func usageError(_ arguments: [String]) -> UsageError? {
        do {
            _ = try Command.parse(arguments)
            return nil
        } catch {
            return error
        }
    }

    private func confirm(_ arguments: [String]) throws -> ConfirmOptions {
        guard case .confirm(let options) = try Command.parse(["confirm", "queue/t1"] + arguments) else {
            Issue.record("not a confirm command")
            return ConfirmOptions()
        }
        return options
    }

    @Test(arguments: [
        "1e300", "1e16", "1e300h", "9.3e15s", "nan", "NaNs", "inf", "infinitys", "-5s", "0", "0s", "0.0001ms",
        "0x10s", "", "s", "1e", "5 s",
    ])
    func aDurationThatCannotBeWaitedIsBadUsage(text: String) {
        let error = usageError(["watch", "c", "--max-retry-time", text])
        #expect(error?.message.contains("'--max-retry-time <duration>'") == true, "\(text)")
        #expect(error?.description.split(separator: "\n").count == 2)
    }

    @Test func theLongestDurationsThatFitAreKept() {
        #expect(Command.parseDuration("1e15s") == .milliseconds(1_000_000_000_000_000_000))
        #expect(Command.parseDuration("9.2e15") == .milliseconds(9_200_000_000_000_000_000))
        #expect(Command.parseDuration("1.5ms") == .milliseconds(2))
        #expect(Command.parseDuration("10m") == .seconds(600))
    }

    @Test(arguments: [["--server-time", "status"], ["--server-time", "status.at"]])
    func aServerTimeInTheDefaultStatusIsBadUsage(arguments: [String]) {
        let error = usageError(["confirm", "queue/t1"] + arguments)
        #expect(
            error?.message
                == "--server-time '\(arguments[1])' overlaps the default --set status=completed (give the fields to set with --set)"
        )
    }

    @Test func theDefaultStillComesWithAServerTimeElsewhere() throws {
        let options = try confirm(["--server-time", "confirmedAt"])
        #expect(options.fields == [FieldPath(["status"]): .string("completed")])
        #expect(options.serverTimeFields == [FieldPath(["confirmedAt"])])
        let given = try confirm(["--set", "done=true", "--server-time", "status"])
        #expect(
            given.fields == [FieldPath(["done"]): .boolean(true)] && given.serverTimeFields == [FieldPath(["status"])])
    }

    @Test(arguments: [
        (["confirm", "c/d", "--set", "a={x"], "--set <FIELD=VALUE>", "{x"),
        (["confirm", "c/d", "--set", "a=[1,"], "--set <FIELD=VALUE>", "[1,"),
        (["confirm", "c/d", "--set", "a=\"x"], "--set <FIELD=VALUE>", "\"x"),
        (["confirm", "c/d", "--set", "a= [WIP] task"], "--set <FIELD=VALUE>", " [WIP] task"),
        (["watch", "c", "--where", "a == [1,"], "--where <FIELD OP VALUE>", "[1,"),
        (["watch", "c", "--where", "a in [\"x\",]"], "--where <FIELD OP VALUE>", "[\"x\",]"),
        (["watch", "c", "--where", "a=={\"k\":}"], "--where <FIELD OP VALUE>", "{\"k\":}"),
    ])
    func aValueThatStartsLikeJSONButIsNotIsBadUsage(arguments: [String], flag: String, value: String) {
        let error = usageError(arguments)
        #expect(error?.message.hasPrefix("The value '\(value)' is invalid for '\(flag)': it starts like JSON") == true)
        #expect(error?.message.contains(" at offset ") == true, "the parse error is given")
        #expect(error?.description.split(separator: "\n").count == 2)
    }

    @Test func valuesThatDoNotStartLikeJSONAreStillBareStrings() throws {
        #expect(try FirestoreValue(commandLine: "hoge") == .string("hoge"))
        #expect(try FirestoreValue(commandLine: "a [b]") == .string("a [b]"))
        #expect(try FirestoreValue(commandLine: "3x") == .string("3x"))
        #expect(try FirestoreValue(commandLine: "tru") == .string("tru"))
        #expect(try FirestoreValue(commandLine: " [1]") == .array([.integer(1)]))
        #expect(try FirestoreValue(commandLine: "\"[WIP]\"") == .string("[WIP]"))
        #expect(try confirm(["--set", "status=hoge"]).fields == [FieldPath(["status"]): .string("hoge")])
    }

    @Test(arguments: [
        "bad project!", "", "a/b", "a b", "a_b", "a.b", "-a", "a:b.c", "p\u{0}", "p\n", "é",
        String(repeating: "a", count: 101),
    ])
    func aProjectThatCannotBeInAResourceNameIsBadUsage(project: String) {
        let error = usageError(["watch", "c", "--project", project])
        #expect(error?.message.hasPrefix("The value '\(project)' is invalid for '--project <id>' (") == true)
    }

    @Test(arguments: [
        "p", "demo-firestore-listen", "google-cloud-firestore-emulator", "1abc", "a-", "example.com:my-project",
        "projectID",
        "my-project-123456",
    ])
    func projectsTheEmulatorOrGoogleTakeAreKept(project: String) throws {
        guard case .watch(let options) = try Command.parse(["watch", "c", "--project", project]) else {
            Issue.record("not a watch command")
            return
        }
        #expect(options.connection.project == project)
    }

    @Test(arguments: ["", "Abc", "a_b", "1a", "(DEFAULT)", "a/b", "a b", String(repeating: "a", count: 64)])
    func aDatabaseThatCannotBeIsBadUsage(database: String) {
        let error = usageError(["watch", "c", "--database", database])
        #expect(error?.message.hasPrefix("The value '\(database)' is invalid for '--database <id>' (") == true)
    }

    @Test func aProjectFromTheEnvironmentIsCheckedToo() {
        #expect(throws: UsageError.self) {
            try ConnectionOptions().resolve(
                environment: ["FIRESTORE_EMULATOR_HOST": "127.0.0.1:8080", "GOOGLE_CLOUD_PROJECT": "bad project!"],
                subcommand: "watch")
        }
    }

    @Test func anErrorLineNeverEndsWithAnEmptyReason() {
        for message in ["", " ", "\n\t"] {
            #expect(FirestoreErrorCode(.unknown, message: message).message == "unknown")
        }
    }
}

/// A `JSONValue`'s hash agrees with its `==`: equal values hash alike.
@Suite struct JSONValueHashingTests {
    /// Values meant to collide under `==` without being identical: zeros of both signs, NaNs of any sign and
    /// payload, integers beside the doubles of the same number (never equal: the type keeps them apart).
    static let atoms: [JSONValue] = [
        .null, .bool(true), .bool(false), .integer(0), .integer(1), .integer(-1), .double(0.0), .double(-0.0),
        .double(1), .double(-1), .double(.nan), .double(-.nan), .double(.signalingNaN),
        .double(Double(nan: 7, signaling: false)), .double(.infinity), .double(-.infinity), .string(""),
        .string("0"), .string("é"), .string("e\u{301}"),
    ]

    /// A seeded, reproducible sample: the atoms, and arrays and objects of them nested up to three deep.
    static func sample(count: Int) -> [JSONValue] {
        var generator = SplitMix64(seed: 12)
        func value(depth: Int) -> JSONValue {
            let pick = Int(generator.next() % 10)
            if depth == 0 || pick < 6 { return atoms[Int(generator.next() % UInt64(atoms.count))] }
            let length = Int(generator.next() % 3)
            if pick < 8 { return .array((0..<length).map { _ in value(depth: depth - 1) }) }
            return .object((0..<length).map { i in (["a", "b"][i % 2], value(depth: depth - 1)) })
        }
        return atoms + (0..<count).map { _ in value(depth: 3) }
    }

    @Test func equalValuesHashAlike() {
        let values = Self.sample(count: 400)
        var equalPairs = 0
        for a in values {
            for b in values where a == b {
                equalPairs += 1
                #expect(a.hashValue == b.hashValue, "\(a.serialized) == \(b.serialized) but their hashes differ")
            }
        }
        #expect(equalPairs > values.count, "the sample holds equal values that are not the same")
    }

    @Test func aSetHoldsOneOfEqualValues() {
        #expect(Set<JSONValue>([.double(0.0), .double(-0.0)]).count == 1)
        #expect(Set<JSONValue>([.array([.double(0.0)]), .array([.double(-0.0)])]).count == 1)
        #expect(Set<JSONValue>([.double(.nan), .double(-.nan), .double(.signalingNaN)]).count == 1)
        #expect(Set<JSONValue>([.integer(1), .double(1)]).count == 2)
        #expect(Set<JSONValue>([.object([("a", .double(-0.0))]), .object([("a", .double(0))])]).count == 1)
    }
}

/// A small seeded generator (SplitMix64), so that a failing sample can be reproduced.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
