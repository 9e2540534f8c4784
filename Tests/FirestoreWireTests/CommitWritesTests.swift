import FirestoreWatch
import FirestoreWire
import Testing

/// General `DocumentWrite`s in one `CommitRequest`, as Google's library parses them, and the per-write
/// results of a `CommitResponse`.
@Suite struct CommitWritesTests {
    static let database = "projects/p/databases/(default)"
    static let name = "projects/p/databases/(default)/documents/rooms/r1"

    static let cases: [(write: DocumentWrite, json: String)] = [
        (
            DocumentWrite(name: name, operation: .update(fields: ["n": .integer(1)], mask: nil)),
            #"{"update": {"name": "\#(name)", "fields": {"n": {"integerValue": "1"}}}}"#
        ),
        (
            DocumentWrite(name: name, operation: .delete),
            #"{"delete": "\#(name)"}"#
        ),
        (
            DocumentWrite(name: name, operation: .delete, precondition: .exists(true)),
            #"{"delete": "\#(name)", "currentDocument": {"exists": true}}"#
        ),
        (
            DocumentWrite(
                name: name,
                operation: .update(fields: [:], mask: nil),
                precondition: .exists(false)
            ),
            #"{"update": {"name": "\#(name)"}, "currentDocument": {"exists": false}}"#
        ),
        (
            DocumentWrite(
                name: name,
                operation: .update(
                    fields: ["a": .map(["b": .string("x")]), "z": .null],
                    mask: [FieldPath(["z"]), FieldPath(["a", "b"]), FieldPath(["gone"])]
                ),
                transforms: [
                    FieldTransform(field: FieldPath(["at"]), kind: .serverRequestTime),
                    FieldTransform(field: FieldPath(["count"]), kind: .increment(.integer(-2))),
                    FieldTransform(field: FieldPath(["score"]), kind: .increment(.double(0.5))),
                    FieldTransform(
                        field: FieldPath(["tags"]), kind: .appendMissingElements([.string("a"), .integer(1)])),
                    FieldTransform(field: FieldPath(["m", "x-y"]), kind: .removeAllFromArray([.null])),
                    FieldTransform(field: FieldPath(["none"]), kind: .appendMissingElements([])),
                ],
                precondition: .updateTime(Timestamp(seconds: 1_767_225_600, nanos: 1000))
            ),
            #"""
            {"update": {"name": "\#(name)", "fields": {"a": {"mapValue": {"fields": {"b": {"stringValue": "x"}}}},
               "z": {"nullValue": null}}},
             "updateMask": {"fieldPaths": ["z", "a.b", "gone"]},
             "updateTransforms": [
               {"fieldPath": "at", "setToServerValue": "REQUEST_TIME"},
               {"fieldPath": "count", "increment": {"integerValue": "-2"}},
               {"fieldPath": "score", "increment": {"doubleValue": 0.5}},
               {"fieldPath": "tags", "appendMissingElements": {"values": [{"stringValue": "a"}, {"integerValue": "1"}]}},
               {"fieldPath": "m.`x-y`", "removeAllFromArray": {"values": [{"nullValue": null}]}},
               {"fieldPath": "none", "appendMissingElements": {}}],
             "currentDocument": {"updateTime": "2026-01-01T00:00:00.000001Z"}}
            """#
        ),
    ]

    @Test func googlesParserReadsEachWrite() throws {
        let compared = try OfficialProtobuf.compare(
            "CommitRequest",
            Self.cases.map { write, json in
                let expected = #"{"database": "\#(Self.database)", "writes": [\#(json)]}"#
                return (Wire.encodeCommitRequest(database: Self.database, writes: [write]), expected)
            }
        )
        for (result, commit) in zip(compared, Self.cases) {
            #expect(result.actual == result.expected, "\(commit.write)")
        }
    }

    @Test func severalWritesKeepTheirOrder() throws {
        let bytes = Wire.encodeCommitRequest(database: Self.database, writes: Self.cases.map(\.write))
        let expected =
            #"{"database": "\#(Self.database)", "writes": [\#(Self.cases.map(\.json).joined(separator: ","))]}"#
        let result = try #require(try OfficialProtobuf.compare("CommitRequest", [(bytes, expected)]).first)
        #expect(result.actual == result.expected)
    }

    @Test func aDocumentUpdateIsItsWrite() {
        let update = DocumentUpdate(
            name: Self.name,
            fields: [FieldPath(["b"]): .integer(1), FieldPath(["a", "c"]): .boolean(true)],
            precondition: .updateTime(Timestamp(seconds: 5)),
            serverTimeFields: [FieldPath(["at"])]
        )
        #expect(
            update.write
                == DocumentWrite(
                    name: Self.name,
                    operation: .update(
                        fields: ["a": .map(["c": .boolean(true)]), "b": .integer(1)],
                        mask: [FieldPath(["a", "c"]), FieldPath(["b"])]
                    ),
                    transforms: [FieldTransform(field: FieldPath(["at"]), kind: .serverRequestTime)],
                    precondition: .updateTime(Timestamp(seconds: 5))
                )
        )
        #expect(
            Wire.encodeCommitRequest(database: Self.database, update: update)
                == Wire.encodeCommitRequest(database: Self.database, writes: [update.write])
        )
    }

    @Test func officialCommitResponsesDecodePerWrite() throws {
        let cases: [(json: String, expected: CommitResponse)] = [
            (
                #"""
                {"writeResults": [{"updateTime": "2026-01-01T00:00:01Z"}, {}, {"updateTime": "2026-01-01T00:00:03Z",
                 "transformResults": [{"integerValue": "4"}]}], "commitTime": "2026-01-01T00:00:04Z"}
                """#,
                CommitResponse(
                    commitTime: Timestamp(seconds: 1_767_225_604),
                    updateTimes: [Timestamp(seconds: 1_767_225_601), nil, Timestamp(seconds: 1_767_225_603)]
                )
            ),
            (
                #"{"commitTime": "2026-01-01T00:00:04Z"}"#,
                CommitResponse(commitTime: Timestamp(seconds: 1_767_225_604), updateTimes: [])
            ),
        ]
        let encoded = try OfficialProtobuf.encode("CommitResponse", cases.map(\.json))
        for (bytes, response) in zip(encoded, cases) {
            #expect(try Wire.decodeCommitResults(bytes) == response.expected, "\(response.json)")
        }
    }
}
