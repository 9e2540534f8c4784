import FirestoreWatch
import FirestoreWire
import Testing

/// `ListenRequest`s that `Wire` encodes, as Google's library parses them, against protobuf JSON.
@Suite struct ListenRequestTests {
    static let database = "projects/p/databases/(default)"
    static let documents = "projects/p/databases/(default)/documents"
    static let messages = Query(parent: documents + "/rooms/r1", collectionID: "messages")

    static func query(_ structuredQuery: String, parent: String = documents + "/rooms/r1") -> String {
        #"{"parent": "\#(parent)", "structuredQuery": \#(structuredQuery)}"#
    }

    static func filtered(_ filters: [QueryFilter]) -> ListenTarget {
        var query = messages
        query.filters = filters
        return ListenTarget(id: 1, spec: .query(query))
    }

    static let cases: [(body: Wire.ListenRequestBody, json: String)] = [
        (
            .add(ListenTarget(id: 1, spec: .query(messages))),
            #"{"addTarget": {"query": \#(query(#"{"from": [{"collectionId": "messages"}]}"#)), "targetId": 1}}"#
        ),
        (
            .add(
                ListenTarget(
                    id: 7, spec: .query(Query(parent: documents, collectionID: "messages", allDescendants: true)))),
            #"{"addTarget": {"query": \#(query(#"{"from": [{"collectionId": "messages", "allDescendants": true}]}"#, parent: documents)), "targetId": 7}}"#
        ),
        (
            .add(filtered([QueryFilter(field: FieldPath(["status"]), op: .equal, value: .string("open"))])),
            #"""
            {"addTarget": {"targetId": 1, "query": \#(query(#"""
            {"from": [{"collectionId": "messages"}], "where": {"fieldFilter": {"field": {"fieldPath": "status"},
             "op": "EQUAL", "value": {"stringValue": "open"}}}}
            """#))}}
            """#
        ),
        (
            .add(
                filtered([
                    QueryFilter(field: FieldPath(["n"]), op: .greaterThanOrEqual, value: .integer(3)),
                    QueryFilter(field: FieldPath(["a", "b"]), op: .lessThan, value: .double(2.5)),
                    QueryFilter(field: FieldPath(["deleted"]), op: .equal, value: .null),
                    QueryFilter(field: FieldPath(["owner"]), op: .notEqual, value: .null),
                    QueryFilter(field: FieldPath(["score"]), op: .equal, value: .double(.nan)),
                    QueryFilter(field: FieldPath(["ratio"]), op: .notEqual, value: .double(.nan)),
                    QueryFilter(field: FieldPath(["z"]), op: .lessThan, value: .null),
                    QueryFilter(field: FieldPath(["z"]), op: .greaterThan, value: .double(.nan)),
                ])
            ),
            #"""
            {"addTarget": {"targetId": 1, "query": \#(query(#"""
            {"from": [{"collectionId": "messages"}], "where": {"compositeFilter": {"op": "AND", "filters": [
              {"fieldFilter": {"field": {"fieldPath": "n"}, "op": "GREATER_THAN_OR_EQUAL", "value": {"integerValue": "3"}}},
              {"fieldFilter": {"field": {"fieldPath": "a.b"}, "op": "LESS_THAN", "value": {"doubleValue": 2.5}}},
              {"unaryFilter": {"op": "IS_NULL", "field": {"fieldPath": "deleted"}}},
              {"unaryFilter": {"op": "IS_NOT_NULL", "field": {"fieldPath": "owner"}}},
              {"unaryFilter": {"op": "IS_NAN", "field": {"fieldPath": "score"}}},
              {"unaryFilter": {"op": "IS_NOT_NAN", "field": {"fieldPath": "ratio"}}},
              {"fieldFilter": {"field": {"fieldPath": "z"}, "op": "LESS_THAN", "value": {"nullValue": null}}},
              {"fieldFilter": {"field": {"fieldPath": "z"}, "op": "GREATER_THAN", "value": {"doubleValue": "NaN"}}}]}}}
            """#))}}
            """#
        ),
        (
            .add(filtered([QueryFilter(field: FieldPath(["deleted"]), op: .equal, value: .null)])),
            #"""
            {"addTarget": {"targetId": 1, "query": \#(query(#"""
            {"from": [{"collectionId": "messages"}], "where": {"unaryFilter": {"op": "IS_NULL", "field": {"fieldPath": "deleted"}}}}
            """#))}}
            """#
        ),
        (
            .add(
                filtered([
                    QueryFilter(field: FieldPath(["tags"]), op: .arrayContains, value: .string("x")),
                    QueryFilter(
                        field: FieldPath(["tags"]), op: .arrayContainsAny, value: .array([.string("x"), .string("y")])),
                    QueryFilter(field: FieldPath(["n"]), op: .in, value: .array([.integer(1), .integer(2)])),
                    QueryFilter(field: FieldPath(["n"]), op: .notIn, value: .array([.null])),
                    QueryFilter(field: FieldPath(["n"]), op: .lessThanOrEqual, value: .integer(-4)),
                    QueryFilter(field: FieldPath(["n"]), op: .greaterThan, value: .integer(.min)),
                    QueryFilter(field: FieldPath(["we-ird", "x"]), op: .notEqual, value: .boolean(false)),
                    QueryFilter(
                        field: .documentName, op: .equal, value: .reference(documents + "/rooms/r1/messages/m1")),
                ])
            ),
            #"""
            {"addTarget": {"targetId": 1, "query": \#(query(#"""
            {"from": [{"collectionId": "messages"}], "where": {"compositeFilter": {"op": "AND", "filters": [
              {"fieldFilter": {"field": {"fieldPath": "tags"}, "op": "ARRAY_CONTAINS", "value": {"stringValue": "x"}}},
              {"fieldFilter": {"field": {"fieldPath": "tags"}, "op": "ARRAY_CONTAINS_ANY",
                "value": {"arrayValue": {"values": [{"stringValue": "x"}, {"stringValue": "y"}]}}}},
              {"fieldFilter": {"field": {"fieldPath": "n"}, "op": "IN",
                "value": {"arrayValue": {"values": [{"integerValue": "1"}, {"integerValue": "2"}]}}}},
              {"fieldFilter": {"field": {"fieldPath": "n"}, "op": "NOT_IN", "value": {"arrayValue": {"values": [{"nullValue": null}]}}}},
              {"fieldFilter": {"field": {"fieldPath": "n"}, "op": "LESS_THAN_OR_EQUAL", "value": {"integerValue": "-4"}}},
              {"fieldFilter": {"field": {"fieldPath": "n"}, "op": "GREATER_THAN", "value": {"integerValue": "-9223372036854775808"}}},
              {"fieldFilter": {"field": {"fieldPath": "`we-ird`.x"}, "op": "NOT_EQUAL", "value": {"booleanValue": false}}},
              {"fieldFilter": {"field": {"fieldPath": "__name__"}, "op": "EQUAL",
                "value": {"referenceValue": "\#(documents)/rooms/r1/messages/m1"}}}]}}}
            """#))}}
            """#
        ),
        (
            .add(
                ListenTarget(
                    id: 2,
                    spec: .query(
                        Query(
                            parent: documents + "/rooms/r1",
                            collectionID: "messages",
                            orders: [
                                QueryOrder(field: FieldPath(["ts"]), descending: true),
                                QueryOrder(field: .documentName),
                            ],
                            limit: 10
                        )
                    )
                )
            ),
            #"""
            {"addTarget": {"targetId": 2, "query": \#(query(#"""
            {"from": [{"collectionId": "messages"}], "orderBy": [{"field": {"fieldPath": "ts"}, "direction": "DESCENDING"},
             {"field": {"fieldPath": "__name__"}, "direction": "ASCENDING"}], "limit": 10}
            """#))}}
            """#
        ),
        (
            .add(ListenTarget(id: 3, spec: .query(Query(parent: documents, collectionID: "c", limit: 0)))),
            #"{"addTarget": {"targetId": 3, "query": \#(query(#"{"from": [{"collectionId": "c"}], "limit": 0}"#, parent: documents))}}"#
        ),
        (
            .add(
                ListenTarget(id: 1, spec: .query(messages), resume: .token([0x0a, 0x09, 0x00, 0xff]), expectedCount: 5)),
            #"""
            {"addTarget": {"targetId": 1, "resumeToken": "CgkA/w==", "expectedCount": 5,
             "query": \#(query(#"{"from": [{"collectionId": "messages"}]}"#))}}
            """#
        ),
        (
            .add(ListenTarget(id: 1, spec: .query(messages), resume: .token([]))),
            #"{"addTarget": {"targetId": 1, "query": \#(query(#"{"from": [{"collectionId": "messages"}]}"#))}}"#
        ),
        (
            .add(
                ListenTarget(
                    id: 1, spec: .query(messages), resume: .readTime(Timestamp(seconds: 1_767_225_600, nanos: 5_000)))),
            #"""
            {"addTarget": {"targetId": 1, "readTime": "2026-01-01T00:00:00.000005Z",
             "query": \#(query(#"{"from": [{"collectionId": "messages"}]}"#))}}
            """#
        ),
        (
            .add(ListenTarget(id: 4, spec: .query(messages), expectedCount: 0)),
            #"{"addTarget": {"targetId": 4, "expectedCount": 0, "query": \#(query(#"{"from": [{"collectionId": "messages"}]}"#))}}"#
        ),
        (
            .add(ListenTarget(id: 5, spec: .documents([documents + "/c/a", documents + "/c/ü b"]))),
            #"{"addTarget": {"targetId": 5, "documents": {"documents": ["\#(documents)/c/a", "\#(documents)/c/ü b"]}}}"#
        ),
        (.add(ListenTarget(id: 6, spec: .documents([]))), #"{"addTarget": {"targetId": 6, "documents": {}}}"#),
        (
            .add(
                ListenTarget(id: 8, spec: .documents([documents + "/c/a", documents + "/c/\u{0}", documents + "/c/b"]))),
            #"""
            {"addTarget": {"targetId": 8, "documents": {"documents": ["\#(documents)/c/a", "\#(documents)/c/\u0000",
             "\#(documents)/c/b"]}}}
            """#
        ),
        (
            .add(filtered([QueryFilter(field: FieldPath(["a\u{0}b"]), op: .equal, value: .string("x\u{0}"))])),
            #"""
            {"addTarget": {"targetId": 1, "query": \#(query(#"""
            {"from": [{"collectionId": "messages"}], "where": {"fieldFilter": {"field": {"fieldPath": "`a\u0000b`"},
             "op": "EQUAL", "value": {"stringValue": "x\u0000"}}}}
            """#))}}
            """#
        ),
        (.remove(1), #"{"removeTarget": 1}"#),
        (.remove(0), #"{"removeTarget": 0}"#),
    ]

    @Test func googlesParserReadsWhatWeSend() throws {
        let compared = try OfficialProtobuf.compare(
            "ListenRequest",
            Self.cases.map { body, json in
                let expected = #"{"database": "\#(Self.database)", \#(json.dropFirst())"#
                return (Wire.encodeListenRequest(database: Self.database, body), expected)
            }
        )
        for (result, request) in zip(compared, Self.cases) {
            #expect(result.actual == result.expected, "\(request.body)")
        }
    }

    /// protobuf-c emits the oneof member even when it is 0, as the expected JSON above shows; these
    /// are the exact bytes.
    @Test func removingTargetZeroSendsTheField() {
        #expect(Wire.encodeListenRequest(database: "d", .remove(0)) == [0x0a, 0x01, 0x64, 0x18, 0x00])
    }
}
