import FirestoreWatch
import FirestoreWire
import Testing

/// `CommitRequest`s that `Wire` encodes, as Google's library parses them; `CommitResponse`s that
/// Google's library encodes, as `Wire` decodes them.
@Suite struct CommitTests {
    static let database = "projects/p/databases/(default)"
    static let name = "projects/p/databases/(default)/documents/rooms/r1/messages/m1"

    static let cases: [(update: DocumentUpdate, json: String)] = [
        (
            DocumentUpdate(
                name: name,
                fields: [FieldPath(["status"]): .string("completed")],
                precondition: .updateTime(Timestamp(seconds: 1_767_225_600, nanos: 123_456_000))
            ),
            #"""
            {"update": {"name": "\#(name)", "fields": {"status": {"stringValue": "completed"}}},
             "updateMask": {"fieldPaths": ["status"]}, "currentDocument": {"updateTime": "2026-01-01T00:00:00.123456Z"}}
            """#
        ),
        (
            DocumentUpdate(
                name: name,
                fields: [
                    FieldPath(["a", "b"]): .integer(1),
                    FieldPath(["a", "c"]): .boolean(false),
                    FieldPath(["we-ird", "x"]): .null,
                    FieldPath(["d"]): .map(["k": .string("v")]),
                ],
                precondition: .exists,
                serverTimeFields: [FieldPath(["confirmedAt"]), FieldPath(["meta", "at"])]
            ),
            #"""
            {"update": {"name": "\#(name)", "fields": {
               "a": {"mapValue": {"fields": {"b": {"integerValue": "1"}, "c": {"booleanValue": false}}}},
               "we-ird": {"mapValue": {"fields": {"x": {"nullValue": null}}}},
               "d": {"mapValue": {"fields": {"k": {"stringValue": "v"}}}}}},
             "updateMask": {"fieldPaths": ["`we-ird`.x", "a.b", "a.c", "d"]},
             "updateTransforms": [{"fieldPath": "confirmedAt", "setToServerValue": "REQUEST_TIME"},
                                  {"fieldPath": "meta.at", "setToServerValue": "REQUEST_TIME"}],
             "currentDocument": {"exists": true}}
            """#
        ),
        (
            DocumentUpdate(name: name, fields: [:], precondition: .exists, serverTimeFields: [FieldPath(["seen"])]),
            #"""
            {"update": {"name": "\#(name)"}, "updateMask": {},
             "updateTransforms": [{"fieldPath": "seen", "setToServerValue": "REQUEST_TIME"}], "currentDocument": {"exists": true}}
            """#
        ),
        (
            DocumentUpdate(
                name: name,
                fields: [FieldPath(["s\u{0}"]): .integer(1), FieldPath(["t"]): .integer(2)],
                precondition: .exists,
                serverTimeFields: [FieldPath(["u\u{0}"])]
            ),
            #"""
            {"update": {"name": "\#(name)", "fields": {"s\u0000": {"integerValue": "1"}, "t": {"integerValue": "2"}}},
             "updateMask": {"fieldPaths": ["`s\u0000`", "t"]},
             "updateTransforms": [{"fieldPath": "`u\u0000`", "setToServerValue": "REQUEST_TIME"}], "currentDocument": {"exists": true}}
            """#
        ),
    ]

    @Test func googlesParserReadsWhatWeSend() throws {
        let compared = try OfficialProtobuf.compare(
            "CommitRequest",
            Self.cases.map { update, json in
                let expected = #"{"database": "\#(Self.database)", "writes": [\#(json)]}"#
                return (Wire.encodeCommitRequest(database: Self.database, update: update), expected)
            }
        )
        for (result, commit) in zip(compared, Self.cases) {
            #expect(result.actual == result.expected, "\(commit.update)")
        }
    }

    @Test func officialCommitResponsesDecode() throws {
        let cases: [(json: String, expected: CommitResult)] = [
            (
                #"{"writeResults": [{"updateTime": "2026-01-01T00:00:01.5Z"}], "commitTime": "2026-01-01T00:00:02Z"}"#,
                CommitResult(
                    updateTime: Timestamp(seconds: 1_767_225_601, nanos: 500_000_000),
                    commitTime: Timestamp(seconds: 1_767_225_602)
                )
            ),
            (
                #"{"writeResults": [{}], "commitTime": "2026-01-01T00:00:02Z"}"#,
                CommitResult(updateTime: nil, commitTime: Timestamp(seconds: 1_767_225_602))
            ),
            (#"{}"#, CommitResult(updateTime: nil, commitTime: nil)),
        ]
        let encoded = try OfficialProtobuf.encode("CommitResponse", cases.map(\.json))
        for (bytes, response) in zip(encoded, cases) {
            let decoded = try Wire.decodeCommitResponse(bytes)
            #expect(decoded == response.expected, "\(response.json)")
        }
    }

    @Test func aMalformedCommitResponseIsAWireError() {
        #expect(throws: WireError.self) { try Wire.decodeCommitResponse([0x12, 0x05, 0x08]) }
    }
}
