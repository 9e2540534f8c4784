import FirestoreWatch
import FirestoreWire
import Testing

/// Values that `Wire` encodes, read by Google's library, and decoded by `Wire` again.
@Suite struct ValueRoundTripTests {
    private static let name = "projects/p/databases/(default)/documents/c/d"

    /// Our `CommitRequest` → Google's parser → Google's `ListenResponse` → our decoder: bit for bit.
    @Test func randomValuesSurviveGooglesParserAndSerializer() throws {
        var random = RandomValues(generator: SeededGenerator(seed: 20_261_129))
        let values = (0..<400).map { _ in random.value() } + RandomValues.doubles.map(FirestoreValue.double)
        let requests = values.map { value in
            Wire.encodeCommitRequest(
                database: "projects/p/databases/(default)",
                update: DocumentUpdate(name: Self.name, fields: [FieldPath(["v"]): value], precondition: .exists)
            )
        }
        let responses = try OfficialProtobuf.rewrap(commitRequests: requests)
        for (value, response) in zip(values, responses) {
            let decoded = try Wire.decodeListenResponse(response)
            guard case .document(let document, _, _) = decoded else {
                Issue.record("not a document: \(decoded)")
                continue
            }
            #expect(document.fields == ["v": value])
        }
    }

    /// Our encoding of each kind, read by Google's parser, as protobuf JSON.
    @Test func googlesParserReadsEveryKindWeSend() throws {
        let cases: [(value: FirestoreValue, json: String)] = [
            (.null, #"{"nullValue": null}"#),
            (.boolean(false), #"{"booleanValue": false}"#),
            (.integer(0), #"{"integerValue": "0"}"#),
            (.integer(.min), #"{"integerValue": "-9223372036854775808"}"#),
            (.double(0), #"{"doubleValue": 0.0}"#),
            (.double(-0.0), #"{"doubleValue": -0.0}"#),
            (.double(.nan), #"{"doubleValue": "NaN"}"#),
            (.double(-.infinity), #"{"doubleValue": "-Infinity"}"#),
            (
                .timestamp(Timestamp(seconds: -1, nanos: 999_999_999)),
                #"{"timestampValue": "1969-12-31T23:59:59.999999999Z"}"#
            ),
            (.string(""), #"{"stringValue": ""}"#),
            (.string("ü🚀"), #"{"stringValue": "ü🚀"}"#),
            (.bytes([]), #"{"bytesValue": ""}"#),
            (.bytes([0, 0xff]), #"{"bytesValue": "AP8="}"#),
            (.reference(Self.name), #"{"referenceValue": "\#(Self.name)"}"#),
            (.geoPoint(latitude: 1.5, longitude: -2.25), #"{"geoPointValue": {"latitude": 1.5, "longitude": -2.25}}"#),
            (.geoPoint(latitude: 0, longitude: 0), #"{"geoPointValue": {}}"#),
            (.array([]), #"{"arrayValue": {}}"#),
            (
                .array([.null, .array([.integer(1)])]),
                #"{"arrayValue": {"values": [{"nullValue": null}, {"arrayValue": {"values": [{"integerValue": "1"}]}}]}}"#
            ),
            (.map([:]), #"{"mapValue": {}}"#),
            (
                .map(["": .boolean(true), "x y": .string("z")]),
                #"{"mapValue": {"fields": {"": {"booleanValue": true}, "x y": {"stringValue": "z"}}}}"#
            ),
        ]
        let compared = try OfficialProtobuf.compare(
            "CommitRequest",
            cases.map { value, json in
                let bytes = Wire.encodeCommitRequest(
                    database: "projects/p/databases/(default)",
                    update: DocumentUpdate(name: Self.name, fields: [FieldPath(["v"]): value], precondition: .exists)
                )
                let expected = #"""
                    {"database": "projects/p/databases/(default)", "writes": [{"update": {"name": "\#(Self.name)",
                     "fields": {"v": \#(json)}}, "updateMask": {"fieldPaths": ["v"]}, "currentDocument": {"exists": true}}]}
                    """#
                return (bytes, expected)
            }
        )
        for (result, value) in zip(compared, cases) {
            #expect(result.actual == result.expected, "\(value.value)")
        }
    }

    /// Neither protobuf-c's `char *` nor its proto3 doubles can hold these; `Wire` sends them as raw fields.
    @Test func nulAndNegativeZeroSurviveGooglesParser() throws {
        let fields: [String: FirestoreValue] = [
            "a\u{0}b": .string("x\u{0}y"),
            "\u{0}": .reference(Self.name + "\u{0}"),
            "m": .map(["k\u{0}": .array([.string("\u{0}"), .geoPoint(latitude: -0.0, longitude: -0.0)])]),
            "g": .geoPoint(latitude: -0.0, longitude: 1),
        ]
        let request = Wire.encodeCommitRequest(
            database: "projects/p/databases/(default)",
            update: DocumentUpdate(
                name: Self.name,
                fields: Dictionary(uniqueKeysWithValues: fields.map { (FieldPath([$0.key]), $0.value) }),
                precondition: .exists
            )
        )
        let response = try #require(try OfficialProtobuf.rewrap(commitRequests: [request]).first)
        let decoded = try Wire.decodeListenResponse(response)
        guard case .document(let document, _, _) = decoded else {
            Issue.record("not a document: \(decoded)")
            return
        }
        #expect(document.fields == fields)
    }

    /// `encodeDocument` (the `--state` file's form) and `decodeDocument` are inverse, bit for bit.
    @Test func storedDocumentsRoundTrip() throws {
        var random = RandomValues(generator: SeededGenerator(seed: 7))
        for index in 0..<300 {
            var fields: [String: FirestoreValue] = [:]
            for _ in 0..<(index % 5) { fields[random.string()] = random.value() }
            let document = Document(
                name: Self.name + random.string(),
                fields: fields,
                createTime: Timestamp(seconds: Int64(index) - 150, nanos: Int32(index)),
                updateTime: Timestamp(seconds: 253_402_300_799, nanos: 999_999_999)
            )
            #expect(try Wire.decodeDocument(Wire.encodeDocument(document)) == document)
        }
    }
}
