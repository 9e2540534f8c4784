import FirestoreWatch
import FirestoreWire
import Testing

/// Every kind of value, with its edge values, encoded by Google's library and decoded by `Wire`.
@Suite struct ValueDecodingTests {
    /// A proto JSON value and the value we must decode from its bytes.
    static let cases: [(json: String, expected: FirestoreValue)] = [
        (#"{"nullValue": null}"#, .null),
        (#"{"booleanValue": false}"#, .boolean(false)),
        (#"{"booleanValue": true}"#, .boolean(true)),
        (#"{"integerValue": "0"}"#, .integer(0)),
        (#"{"integerValue": "-1"}"#, .integer(-1)),
        (#"{"integerValue": "9223372036854775807"}"#, .integer(.max)),
        (#"{"integerValue": "-9223372036854775808"}"#, .integer(.min)),
        (#"{"integerValue": "9007199254740993"}"#, .integer(9_007_199_254_740_993)),
        (#"{"doubleValue": 0.0}"#, .double(0)),
        (#"{"doubleValue": -0.0}"#, .double(-0.0)),
        (#"{"doubleValue": 1.0}"#, .double(1)),
        (#"{"doubleValue": "NaN"}"#, .double(.nan)),
        (#"{"doubleValue": "Infinity"}"#, .double(.infinity)),
        (#"{"doubleValue": "-Infinity"}"#, .double(-.infinity)),
        (#"{"doubleValue": 5e-324}"#, .double(.leastNonzeroMagnitude)),
        (#"{"doubleValue": 1.7976931348623157e308}"#, .double(.greatestFiniteMagnitude)),
        (#"{"doubleValue": 0.1}"#, .double(0.1)),
        (#"{"timestampValue": "1970-01-01T00:00:00Z"}"#, .timestamp(Timestamp(seconds: 0))),
        (
            #"{"timestampValue": "2026-11-29T12:34:56.123456789Z"}"#,
            .timestamp(Timestamp(seconds: 1_795_955_696, nanos: 123_456_789))
        ),
        (#"{"timestampValue": "0001-01-01T00:00:00Z"}"#, .timestamp(Timestamp(seconds: -62_135_596_800))),
        (
            #"{"timestampValue": "9999-12-31T23:59:59.999999999Z"}"#,
            .timestamp(Timestamp(seconds: 253_402_300_799, nanos: 999_999_999))
        ),
        (#"{"timestampValue": "1969-12-31T23:59:59.5Z"}"#, .timestamp(Timestamp(seconds: -1, nanos: 500_000_000))),
        (#"{"stringValue": ""}"#, .string("")),
        (#"{"stringValue": "plain"}"#, .string("plain")),
        (#"{"stringValue": "héllo wörld ✓ 日本語 🚀"}"#, .string("héllo wörld ✓ 日本語 🚀")),
        (#"{"stringValue": "a\u0000b"}"#, .string("a\u{0}b")),
        (#"{"stringValue": "\u0000"}"#, .string("\u{0}")),
        (#"{"stringValue": "e\u0301"}"#, .string("e\u{301}")),
        (#"{"bytesValue": ""}"#, .bytes([])),
        (#"{"bytesValue": "AP8="}"#, .bytes([0x00, 0xff])),
        (#"{"bytesValue": "AAAA"}"#, .bytes([0, 0, 0])),
        (
            #"{"referenceValue": "projects/p/databases/(default)/documents/c/d"}"#,
            .reference("projects/p/databases/(default)/documents/c/d")
        ),
        (
            #"{"geoPointValue": {"latitude": 48.8583, "longitude": 2.2945}}"#,
            .geoPoint(latitude: 48.8583, longitude: 2.2945)
        ),
        (#"{"geoPointValue": {"latitude": -90, "longitude": 180}}"#, .geoPoint(latitude: -90, longitude: 180)),
        (#"{"geoPointValue": {}}"#, .geoPoint(latitude: 0, longitude: 0)),
        (#"{"geoPointValue": {"latitude": -0.0, "longitude": -0.0}}"#, .geoPoint(latitude: -0.0, longitude: -0.0)),
        (#"{"arrayValue": {}}"#, .array([])),
        (
            #"{"arrayValue": {"values": [{"integerValue": "1"}, {"nullValue": null}, {"stringValue": "x"}, {"arrayValue": {}}]}}"#,
            .array([.integer(1), .null, .string("x"), .array([])])
        ),
        (#"{"mapValue": {}}"#, .map([:])),
        (
            #"{"mapValue": {"fields": {"": {"booleanValue": true}, "a.b": {"integerValue": "2"}, "ü\u0000": {"mapValue": {}}}}}"#,
            .map(["": .boolean(true), "a.b": .integer(2), "ü\u{0}": .map([:])])
        ),
        (
            #"{"mapValue": {"fields": {"__type__": {"stringValue": "__vector__"}, "value": {"arrayValue": {"values": [{"doubleValue": 1.5}]}}}}}"#,
            .map(["__type__": .string("__vector__"), "value": .array([.double(1.5)])])
        ),
        (Self.nestedJSON(20), Self.nested(20)),
    ]

    /// Maps nested `depth` deep, Firestore's own limit being 20.
    static func nestedJSON(_ depth: Int) -> String {
        (0..<depth).reduce(#"{"integerValue": "7"}"#) { inner, _ in #"{"mapValue": {"fields": {"m": \#(inner)}}}"# }
    }

    static func nested(_ depth: Int) -> FirestoreValue {
        (0..<depth).reduce(.integer(7)) { inner, _ in .map(["m": inner]) }
    }

    @Test func officialBytesDecodeToEveryValueKind() throws {
        let responses = Self.cases.map { value in
            #"""
            {"documentChange": {"document": {"name": "projects/p/databases/(default)/documents/c/d",
              "fields": {"v": \#(value.json)}, "createTime": "2026-01-01T00:00:00.000001Z",
              "updateTime": "2026-01-01T00:00:02.5Z"}, "targetIds": [1]}}
            """#
        }
        let encoded = try OfficialProtobuf.encode("ListenResponse", responses)
        for (bytes, value) in zip(encoded, Self.cases) {
            let expected = Document(
                name: "projects/p/databases/(default)/documents/c/d",
                fields: ["v": value.expected],
                createTime: Timestamp(seconds: 1_767_225_600, nanos: 1_000),
                updateTime: Timestamp(seconds: 1_767_225_602, nanos: 500_000_000)
            )
            let decoded = try Wire.decodeListenResponse(bytes)
            #expect(decoded == .document(expected, targetIDs: [1], removedTargetIDs: []), "\(value.json)")
        }
    }

    @Test func officialDocumentDecodesAsAGetDocumentResponse() throws {
        let json = #"""
            {"name": "projects/p/databases/(default)/documents/rooms/r1", "fields": {"n": {"integerValue": "3"},
             "s": {"stringValue": "x"}}, "createTime": "2026-01-01T00:00:00Z", "updateTime": "2026-01-01T00:00:01Z"}
            """#
        let bytes = try #require(try OfficialProtobuf.encode("Document", [json]).first)
        #expect(
            try Wire.decodeDocument(bytes)
                == Document(
                    name: "projects/p/databases/(default)/documents/rooms/r1",
                    fields: ["n": .integer(3), "s": .string("x")],
                    createTime: Timestamp(seconds: 1_767_225_600),
                    updateTime: Timestamp(seconds: 1_767_225_601)
                )
        )
    }

    @Test func nanPayloadsKeepTheirBits() throws {
        let payload = Double(bitPattern: 0x7ff0_0000_dead_beef)
        let bytes = ProtobufBytes.listenResponse(
            documentValue: ProtobufBytes.tag(3, wireType: 1)
                + withUnsafeBytes(of: payload.bitPattern.littleEndian, Array.init)
        )
        guard case .document(let document, _, _) = try Wire.decodeListenResponse(bytes),
            case .double(let double) = document.fields["v"]
        else {
            Issue.record("not a document with a double")
            return
        }
        #expect(double.bitPattern == 0x7ff0_0000_dead_beef)
    }
}
