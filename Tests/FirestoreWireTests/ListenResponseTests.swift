import FirestoreWatch
import FirestoreWire
import Testing

/// Every kind of `ListenResponse`, encoded by Google's library and decoded by `Wire`.
@Suite struct ListenResponseTests {
    private static let name = "projects/p/databases/(default)/documents/c/d"

    static let cases: [(json: String, expected: WatchChange)] = [
        (
            #"{"targetChange": {"readTime": "2026-01-01T00:00:00.000000001Z"}}"#,
            .target(TargetChange(kind: .noChange, readTime: Timestamp(seconds: 1_767_225_600, nanos: 1)))
        ),
        (#"{"targetChange": {}}"#, .target(TargetChange(kind: .noChange))),
        (
            #"{"targetChange": {"targetChangeType": "ADD", "targetIds": [1]}}"#,
            .target(TargetChange(kind: .add, targetIDs: [1]))
        ),
        (
            #"{"targetChange": {"targetChangeType": "REMOVE", "targetIds": [1, 2], "cause": {"code": 7, "message": "denied ✗"}}}"#,
            .target(
                TargetChange(kind: .remove, targetIDs: [1, 2], cause: TargetChange.Cause(code: 7, message: "denied ✗")))
        ),
        (
            #"{"targetChange": {"targetChangeType": "REMOVE", "targetIds": [3], "cause": {}}}"#,
            .target(TargetChange(kind: .remove, targetIDs: [3], cause: TargetChange.Cause(code: 0, message: "")))
        ),
        (
            #"{"targetChange": {"targetChangeType": "CURRENT", "targetIds": [1], "resumeToken": "CgkIgICAgICAgAE=", "readTime": "2026-01-01T00:00:01Z"}}"#,
            .target(
                TargetChange(
                    kind: .current,
                    targetIDs: [1],
                    resumeToken: [0x0a, 0x09, 0x08, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x01],
                    readTime: Timestamp(seconds: 1_767_225_601)
                )
            )
        ),
        (
            #"{"targetChange": {"targetChangeType": "RESET", "targetIds": [2147483647]}}"#,
            .target(TargetChange(kind: .reset, targetIDs: [.max]))
        ),
        (
            #"{"documentChange": {"document": {"name": "\#(name)"}, "targetIds": [1, 2], "removedTargetIds": [3]}}"#,
            .document(
                Document(name: name, fields: [:], createTime: Timestamp(seconds: 0), updateTime: Timestamp(seconds: 0)),
                targetIDs: [1, 2],
                removedTargetIDs: [3]
            )
        ),
        (
            #"{"documentDelete": {"document": "\#(name)", "removedTargetIds": [1], "readTime": "2026-01-01T00:00:03Z"}}"#,
            .delete(name: name, removedTargetIDs: [1], readTime: Timestamp(seconds: 1_767_225_603))
        ),
        (#"{"documentDelete": {"document": "\#(name)"}}"#, .delete(name: name, removedTargetIDs: [], readTime: nil)),
        (
            #"{"documentRemove": {"document": "\#(name)", "removedTargetIds": [1, -1], "readTime": "2026-01-01T00:00:04Z"}}"#,
            .remove(name: name, removedTargetIDs: [1, -1], readTime: Timestamp(seconds: 1_767_225_604))
        ),
        (#"{"filter": {"targetId": 1, "count": 0}}"#, .existenceFilter(ExistenceFilter(targetID: 1, count: 0))),
        (
            #"{"filter": {"targetId": 1, "count": 42, "unchangedNames": {"bits": {"bitmap": "AP8B", "padding": 3}, "hashCount": 7}}}"#,
            .existenceFilter(
                ExistenceFilter(
                    targetID: 1,
                    count: 42,
                    unchangedNames: BloomFilterBits(bitmap: [0x00, 0xff, 0x01], padding: 3, hashCount: 7)
                )
            )
        ),
        (
            #"{"filter": {"targetId": 2, "count": 1, "unchangedNames": {}}}"#,
            .existenceFilter(
                ExistenceFilter(
                    targetID: 2, count: 1, unchangedNames: BloomFilterBits(bitmap: [], padding: 0, hashCount: 0)))
        ),
    ]

    @Test func officialBytesDecodeToEveryChange() throws {
        let encoded = try OfficialProtobuf.encode("ListenResponse", Self.cases.map(\.json))
        for (bytes, change) in zip(encoded, Self.cases) {
            let decoded = try Wire.decodeListenResponse(bytes)
            #expect(decoded == change.expected, "\(change.json)")
        }
    }

    @Test func aResponseWithNothingSetIsAWireError() {
        #expect(throws: WireError.self) { try Wire.decodeListenResponse([]) }
    }

    /// A member that this proto lacks (field 7) leaves the oneof unset.
    @Test func anUnknownResponseKindIsAWireError() {
        let error = #expect(throws: WireError.self) {
            try Wire.decodeListenResponse(ProtobufBytes.field(7, ProtobufBytes.field(1, varint: 1)))
        }
        #expect(error?.message == "ListenResponse has no response type that this client knows")
    }

    @Test func anUnknownTargetChangeTypeIsAWireError() {
        for raw: UInt64 in [5, 99, UInt64(bitPattern: -1)] {
            let error = #expect(throws: WireError.self) {
                try Wire.decodeListenResponse(ProtobufBytes.field(2, ProtobufBytes.field(1, varint: raw)))
            }
            #expect(error?.message.hasPrefix("TargetChange.target_change_type has the unknown value") == true)
        }
    }

    @Test func aDocumentChangeWithoutADocumentIsAWireError() {
        #expect(throws: WireError.self) {
            try Wire.decodeListenResponse(ProtobufBytes.field(3, ProtobufBytes.field(5, varint: 1)))
        }
    }
}
