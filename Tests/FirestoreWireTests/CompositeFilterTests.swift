import FirestoreWatch
import FirestoreWire
import Testing

/// Queries with AND and OR composites, as Google's library parses them; and the bytes of field-only
/// queries, which must not change (a `--state` file fingerprints them).
@Suite struct CompositeFilterTests {
    static let database = "projects/p/databases/(default)"
    static let documents = "projects/p/databases/(default)/documents"

    static func field(_ name: String, _ op: QueryFilter.Operator, _ value: FirestoreValue) -> QueryFilter {
        QueryFilter(field: FieldPath([name]), op: op, value: value)
    }

    static func listen(_ query: Query) -> [UInt8] {
        Wire.encodeListenRequest(database: database, .add(ListenTarget(id: 1, spec: .query(query))))
    }

    static func expected(_ structuredQuery: String) -> String {
        #"""
        {"database": "\#(database)", "addTarget": {"targetId": 1,
         "query": {"parent": "\#(documents)", "structuredQuery": \#(structuredQuery)}}}
        """#
    }

    static let cases: [(query: Query, json: String)] = [
        (
            Query(
                parent: documents, collectionID: "c",
                conditions: [
                    .composite(
                        .or,
                        [
                            .field(field("a", .equal, .integer(1))),
                            .composite(
                                .and,
                                [.field(field("b", .greaterThan, .integer(2))), .field(field("c", .equal, .null))]
                            ),
                        ]
                    )
                ]
            ),
            #"""
            {"from": [{"collectionId": "c"}], "where": {"compositeFilter": {"op": "OR", "filters": [
              {"fieldFilter": {"field": {"fieldPath": "a"}, "op": "EQUAL", "value": {"integerValue": "1"}}},
              {"compositeFilter": {"op": "AND", "filters": [
                {"fieldFilter": {"field": {"fieldPath": "b"}, "op": "GREATER_THAN", "value": {"integerValue": "2"}}},
                {"unaryFilter": {"op": "IS_NULL", "field": {"fieldPath": "c"}}}]}}]}}}
            """#
        ),
        (
            Query(
                parent: documents, collectionID: "c",
                filters: [field("s", .equal, .string("x"))],
                conditions: [.composite(.or, [.field(field("t", .in, .array([.integer(1)])))])]
            ),
            #"""
            {"from": [{"collectionId": "c"}], "where": {"compositeFilter": {"op": "AND", "filters": [
              {"fieldFilter": {"field": {"fieldPath": "s"}, "op": "EQUAL", "value": {"stringValue": "x"}}},
              {"compositeFilter": {"op": "OR", "filters": [
                {"fieldFilter": {"field": {"fieldPath": "t"}, "op": "IN", "value": {"arrayValue": {"values": [{"integerValue": "1"}]}}}}]}}]}}}
            """#
        ),
    ]

    @Test func googlesParserReadsNestedComposites() throws {
        let compared = try OfficialProtobuf.compare(
            "ListenRequest", Self.cases.map { (Self.listen($0.query), Self.expected($0.json)) })
        for (result, query) in zip(compared, Self.cases) {
            #expect(result.actual == result.expected, "\(query.query)")
        }
    }

    @Test func fieldOnlyQueriesEncodeAsGooglesOwnBytes() throws {
        let filters = [Self.field("n", .greaterThanOrEqual, .integer(3)), Self.field("s", .equal, .string("a"))]
        let queries = [
            Query(parent: Self.documents, collectionID: "c", filters: [filters[0]]),
            Query(parent: Self.documents, collectionID: "c", filters: filters, limit: 2),
        ]
        let jsons = [
            #"""
            {"from": [{"collectionId": "c"}], "where": {"fieldFilter": {"field": {"fieldPath": "n"},
             "op": "GREATER_THAN_OR_EQUAL", "value": {"integerValue": "3"}}}}
            """#,
            #"""
            {"from": [{"collectionId": "c"}], "where": {"compositeFilter": {"op": "AND", "filters": [
              {"fieldFilter": {"field": {"fieldPath": "n"}, "op": "GREATER_THAN_OR_EQUAL", "value": {"integerValue": "3"}}},
              {"fieldFilter": {"field": {"fieldPath": "s"}, "op": "EQUAL", "value": {"stringValue": "a"}}}]}},
             "limit": 2}
            """#,
        ]
        let official = try OfficialProtobuf.encode("ListenRequest", jsons.map(Self.expected))
        #expect(queries.map(Self.listen) == official)
        // The same conditions, given as `conditions` rather than `filters`, are the same query.
        #expect(
            Self.listen(Query(parent: Self.documents, collectionID: "c", conditions: filters.map(QueryCondition.field)))
                == Self.listen(Query(parent: Self.documents, collectionID: "c", filters: filters))
        )
    }
}
