import FirestoreWatch
import Foundation
import Testing

/// Google's 14 listen conformance tests (`Fixtures/conformance`), run through `WatchState`.
@Suite struct ConformanceTests {
    static let files = FixtureFiles.names(in: "conformance")

    @Test func allFourteenFilesArePresent() {
        #expect(Self.files.count == 14)
    }

    @Test(arguments: files) func conformance(_ file: String) throws {
        let test = try ConformanceCase(json: FixtureFiles.json("conformance", file))
        var state = WatchState()
        state.add(ConformanceCase.target)
        var snapshots: [ViewSnapshot] = []
        var failure: (any Error)?
        for response in test.responses {
            do {
                for case .snapshot(let snapshot) in try state.apply(response) { snapshots.append(snapshot) }
            } catch {
                failure = error
                break
            }
        }
        #expect(snapshots.count == test.snapshots.count, "\(test.description)")
        for (index, (actual, expected)) in zip(snapshots, test.snapshots).enumerated() {
            #expect(actual.targetID == 1)
            #expect(actual.initial == (index == 0))
            #expect(actual.readTime == expected.readTime, "snapshot \(index)")
            #expect(actual.documents == expected.documents, "snapshot \(index)")
            #expect(actual.changes == expected.changes, "snapshot \(index)")
        }
        #expect((failure != nil) == test.isError, "\(test.description): \(String(describing: failure))")
    }
}

/// One conformance test, parsed.
struct ConformanceCase {
    /// The query the tests assume: collection C of projectID's default database, ordered by `a`.
    static let target = ListenTarget(
        id: 1,
        spec: .query(
            Query(
                parent: "projects/projectID/databases/(default)/documents",
                collectionID: "C",
                orders: [QueryOrder(field: FieldPath(["a"]))]
            )
        )
    )

    struct Snapshot {
        var documents: [Document]
        var changes: [DocumentViewChange]
        var readTime: Timestamp
    }

    var description: String
    var responses: [WatchChange]
    var snapshots: [Snapshot]
    var isError: Bool

    init(json: Any) throws {
        guard let file = json as? [String: Any], let tests = file["tests"] as? [Any], tests.count == 1,
            let test = tests[0] as? [String: Any]
        else { throw FixtureError("not a TestFile with one test") }
        description = try test.string("description")
        let listen = try test.object("listen")
        responses = try (listen["responses"] as? [Any] ?? []).map(ProtoJSON.listenResponse)
        snapshots = try (listen["snapshots"] as? [Any] ?? []).map(Self.snapshot)
        isError = listen["isError"] as? Bool ?? false
    }

    private static func snapshot(_ json: Any) throws -> Snapshot {
        guard let object = json as? [String: Any] else { throw FixtureError("not a Snapshot") }
        let kinds: [String: DocumentViewChange.Kind] = ["ADDED": .added, "REMOVED": .removed, "MODIFIED": .modified]
        let changes = try (object["changes"] as? [Any] ?? []).map { json in
            guard let change = json as? [String: Any], let kind = kinds[try change.string("kind")] else {
                throw FixtureError("not a DocChange: \(json)")
            }
            return DocumentViewChange(
                kind: kind,
                document: try ProtoJSON.document(change["doc"] as Any),
                oldIndex: try change.integer("oldIndex", default: 0),
                newIndex: try change.integer("newIndex", default: 0)
            )
        }
        return Snapshot(
            documents: try (object["docs"] as? [Any] ?? []).map(ProtoJSON.document),
            changes: changes,
            readTime: try ProtoJSON.timestamp(object["readTime"])
        )
    }
}
