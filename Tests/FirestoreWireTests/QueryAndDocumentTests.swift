import FirestoreWatch
import FirestoreWire
import Testing

/// `RunQuery` and `GetDocument`, which tests use to compare a listener's view with the server's.
@Suite struct QueryAndDocumentTests {
    static let documents = "projects/p/databases/(default)/documents"

    @Test func googlesParserReadsOurRunQueryAndGetDocumentRequests() throws {
        let query = Query(
            parent: Self.documents,
            collectionID: "messages",
            allDescendants: true,
            filters: [QueryFilter(field: FieldPath(["n"]), op: .greaterThan, value: .integer(1))],
            orders: [QueryOrder(field: FieldPath(["n"]))],
            limit: 3
        )
        let runQuery = try OfficialProtobuf.compare(
            "RunQueryRequest",
            [
                (
                    Wire.encodeRunQueryRequest(query),
                    #"""
                    {"parent": "\#(Self.documents)", "structuredQuery": {"from": [{"collectionId": "messages", "allDescendants": true}],
                     "where": {"fieldFilter": {"field": {"fieldPath": "n"}, "op": "GREATER_THAN", "value": {"integerValue": "1"}}},
                     "orderBy": [{"field": {"fieldPath": "n"}, "direction": "ASCENDING"}], "limit": 3}}
                    """#
                )
            ]
        )
        let getDocument = try OfficialProtobuf.compare(
            "GetDocumentRequest",
            [(Wire.encodeGetDocumentRequest(name: Self.documents + "/c/d"), #"{"name": "\#(Self.documents)/c/d"}"#)]
        )
        for result in runQuery + getDocument {
            #expect(result.actual == result.expected)
        }
    }

    @Test func officialRunQueryResponsesDecode() throws {
        let name = Self.documents + "/messages/m1"
        let document = Document(
            name: name,
            fields: ["n": .integer(2)],
            createTime: Timestamp(seconds: 1_767_225_600),
            updateTime: Timestamp(seconds: 1_767_225_601)
        )
        let cases: [(json: String, document: Document?, readTime: Timestamp?)] = [
            (
                #"""
                {"document": {"name": "\#(name)", "fields": {"n": {"integerValue": "2"}}, "createTime": "2026-01-01T00:00:00Z",
                 "updateTime": "2026-01-01T00:00:01Z"}, "readTime": "2026-01-01T00:00:05Z"}
                """#,
                document, Timestamp(seconds: 1_767_225_605)
            ),
            (#"{"readTime": "2026-01-01T00:00:05Z", "skippedResults": 2}"#, nil, Timestamp(seconds: 1_767_225_605)),
            (#"{"done": true}"#, nil, nil),
            (#"{"transaction": "AQI="}"#, nil, nil),
        ]
        let encoded = try OfficialProtobuf.encode("RunQueryResponse", cases.map(\.json))
        for (bytes, response) in zip(encoded, cases) {
            let decoded = try Wire.decodeRunQueryResponse(bytes)
            #expect(decoded.document == response.document, "\(response.json)")
            #expect(decoded.readTime == response.readTime, "\(response.json)")
        }
    }
}
