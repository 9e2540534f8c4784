import FirestoreListen
import FirestoreWatch
import Foundation
import Testing

/// Interoperability of values: each kind, with its edge values, written by Google's official Python client
/// and pushed to our Listen stream, must decode exactly as written (doubles bit for bit).
@Suite(.startsProcesses) struct ValueInteropTests {
    static let reference = "projects/\(TestEnvironment.project)/databases/(default)/documents/rooms/r1"

    /// `depth` maps inside each other: 20 is the deepest Firestore accepts (with a scalar at the bottom).
    static func nested(_ depth: Int) -> FirestoreValue {
        depth == 1 ? .map(["leaf": .integer(1)]) : .map(["m": nested(depth - 1)])
    }

    static let cases: [(String, FirestoreValue)] = [
        ("null", .null), ("true", .boolean(true)), ("false", .boolean(false)),
        ("int64 max", .integer(.max)), ("int64 min", .integer(.min)), ("zero", .integer(0)),
        ("2^53 + 1", .integer((1 << 53) + 1)), ("double 1.0", .double(1.0)), ("-0.0", .double(-0.0)),
        ("NaN", .double(.nan)), ("+Infinity", .double(.infinity)), ("-Infinity", .double(-.infinity)),
        ("tiny double", .double(5e-324)), ("huge double", .double(.greatestFiniteMagnitude)),
        ("timestamp before 1970", .timestamp(Timestamp(seconds: -86_400 * 365, nanos: 123_456_000))),
        ("timestamp with microseconds", .timestamp(Timestamp(seconds: 1_795_953_600, nanos: 999_999_000))),
        ("year 1", .timestamp(Timestamp(seconds: -62_135_596_800))),
        ("empty string", .string("")), ("non-ASCII string", .string("日本語 é e\u{301} 🎉")),
        ("string with NUL", .string("a\u{0}b")), ("bytes", .bytes([0, 255, 1, 128])), ("empty bytes", .bytes([])),
        ("reference", .reference(reference)), ("geo point", .geoPoint(latitude: -33.865, longitude: 151.2094)),
        ("empty array", .array([])), ("empty map", .map([:])),
        (
            "mixed array",
            .array([.null, .boolean(false), .integer(-1), .double(2.5), .string("s"), .map(["k": .integer(1)])])
        ),
        ("map with dotted key", .map(["a.b": .integer(1), "`x`": .string("y")])),
        ("20-deep nesting", nested(20)),
    ]

    @Test(arguments: cases)
    func aValueWrittenByTheOfficialClientArrivesExactly(label: String, value: FirestoreValue) async throws {
        let peer = try await Peer()
        defer { Task { await peer.stop() } }
        let path = "interop-" + UUID().uuidString.prefix(8).lowercased() + "/doc"
        let fields: [String: FirestoreValue] = ["v": value, "label": .string(label)]
        let updateTime = try await peer.set(path, fields)

        let connection = try TestEnvironment.emulatorConnection()
        let settings = connection.settings
        let session = ListenSession(
            transport: connection,
            targets: [ListenTarget(id: 1, spec: .documents([settings.documentsRoot + "/" + path]))],
            databaseName: settings.databaseName
        )
        let deadline = Task {
            try await Task.sleep(for: .seconds(20))
            Issue.record("no snapshot within 20 s")
        }
        defer { deadline.cancel() }
        for try await event in session.events() {
            guard case .snapshot(let snapshot, _) = event else { continue }
            let document = try #require(snapshot.documents.first)
            #expect(document.fields == fields, "\(label): \(String(describing: document.fields["v"]))")
            #expect(document.updateTime == updateTime)
            break
        }
    }
}
