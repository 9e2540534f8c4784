import FirestoreWatch
import Testing

/// The effective order of a query and the document comparator built from it.
@Suite struct QueryOrderTests {
    static func query(filters: [QueryFilter] = [], orders: [QueryOrder] = []) -> Query {
        Query(parent: "projects/p/databases/(default)/documents", collectionID: "c", filters: filters, orders: orders)
    }

    static func path(_ text: String) -> FieldPath {
        FieldPath(text.split(separator: ".").map(String.init))
    }

    static func order(_ text: String, descending: Bool = false) -> QueryOrder {
        QueryOrder(field: path(text), descending: descending)
    }

    static func filter(_ field: String, _ op: QueryFilter.Operator) -> QueryFilter {
        QueryFilter(field: path(field), op: op, value: .integer(1))
    }

    @Test func noOrderIsByNameAscending() {
        #expect(Self.query().effectiveOrder == [QueryOrder(field: .documentName)])
    }

    @Test func nameFollowsTheLastDirection() {
        let query = Self.query(orders: [Self.order("a"), Self.order("b", descending: true)])
        #expect(
            query.effectiveOrder == [
                Self.order("a"), Self.order("b", descending: true), QueryOrder(field: .documentName, descending: true),
            ]
        )
    }

    @Test func inequalityFieldsComeAfterExplicitOrdersInPathOrder() {
        let query = Self.query(
            filters: [
                Self.filter("b", .greaterThan), Self.filter("a.z", .notIn), Self.filter("b.c", .lessThan),
                Self.filter("e", .equal), Self.filter("f", .arrayContains), Self.filter("c", .notEqual),
            ],
            orders: [Self.order("c", descending: true)]
        )
        #expect(
            query.effectiveOrder == [
                Self.order("c", descending: true), Self.order("a.z", descending: true),
                Self.order("b", descending: true),
                Self.order("b.c", descending: true), QueryOrder(field: .documentName, descending: true),
            ]
        )
    }

    @Test func inequalityWithoutOrderIsAscending() {
        let query = Self.query(filters: [Self.filter("n", .notEqual), Self.filter("n", .lessThan)])
        #expect(query.effectiveOrder == [Self.order("n"), QueryOrder(field: .documentName)])
    }

    @Test func explicitNameOrderIsNotRepeated() {
        let query = Self.query(
            filters: [Self.filter("__name__", .greaterThan)],
            orders: [QueryOrder(field: .documentName, descending: true)]
        )
        #expect(query.effectiveOrder == [QueryOrder(field: .documentName, descending: true)])
    }

    @Test func comparatorOrdersByFieldsThenNameSegments() {
        let comparator = TargetSpec.query(Self.query(orders: [Self.order("a", descending: true)])).comparator
        func document(_ path: String, _ fields: [String: FirestoreValue]) -> Document {
            Document(
                name: "projects/p/databases/(default)/documents/" + path,
                fields: fields,
                createTime: Timestamp(seconds: 0),
                updateTime: Timestamp(seconds: 0)
            )
        }
        let documents = [
            document("c/z", ["a": .integer(3)]),
            document("c/b", ["a": .double(2.5)]),
            document("c/a-b", ["a": .integer(1)]),
            document("c/a/x/y", ["a": .integer(1)]),
            document("c/m", [:]),
        ]
        #expect(documents.shuffled().sorted(by: comparator.areInIncreasingOrder) == documents)
        let byName = TargetSpec.documents([]).comparator
        #expect(byName.compare(documents[3], documents[2]) < 0)
    }
}

/// Inequalities inside composites order the results as top-level ones do.
@Suite struct CompositeQueryOrderTests {
    @Test func anInequalityInsideAnOrOrdersByItsField() {
        let query = Query(
            parent: "projects/p/databases/(default)/documents",
            collectionID: "c",
            conditions: [
                .composite(
                    .or,
                    [
                        .field(QueryOrderTests.filter("b", .equal)),
                        .composite(.and, [.field(QueryOrderTests.filter("a", .greaterThan))]),
                    ]
                )
            ],
            orders: [QueryOrderTests.order("z", descending: true)]
        )
        #expect(
            query.effectiveOrder == [
                QueryOrderTests.order("z", descending: true), QueryOrderTests.order("a", descending: true),
                QueryOrder(field: .documentName, descending: true),
            ]
        )
    }

    @Test func filtersAreTheTopLevelFieldFilters() {
        var query = Query(
            parent: "p", collectionID: "c", filters: [QueryOrderTests.filter("a", .equal)],
            conditions: [.composite(.or, [.field(QueryOrderTests.filter("b", .equal))])])
        #expect(query.filters == [QueryOrderTests.filter("a", .equal)])
        #expect(query.conditions.count == 2)
        query.filters = [QueryOrderTests.filter("c", .lessThan)]
        #expect(query.conditions == [.field(QueryOrderTests.filter("c", .lessThan))])
    }
}
