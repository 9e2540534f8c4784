extension Query {
    /// The order in which the server returns this query's results.
    ///
    /// 1. The explicit orders, as given.
    /// 2. Every field of an inequality filter (`<`, `<=`, `>`, `>=`, `!=`, `not-in`) anywhere in the
    ///    conditions, inside AND and OR composites too, that no explicit order names, in field-path order (`FieldPath.compare`), in the direction of the last explicit order
    ///    (ascending when there is none). The server and Firebase's SDKs do this; Google's server SDKs do not,
    ///    so for such a query their order differs from what the server sends.
    /// 3. `__name__`, unless already ordered, in that same direction: it breaks every tie.
    public var effectiveOrder: [QueryOrder] {
        var order = orders
        var ordered = Set(orders.map(\.field))
        let descending = orders.last?.descending ?? false
        let inequalityFields = conditions.flatMap(\.fieldFilters).filter(\.op.isInequality).map(\.field)
            .sorted { FieldPath.compare($0, $1) < 0 }
        for field in inequalityFields where field != .documentName && !ordered.contains(field) {
            order.append(QueryOrder(field: field, descending: descending))
            ordered.insert(field)
        }
        if !ordered.contains(.documentName) {
            order.append(QueryOrder(field: .documentName, descending: descending))
        }
        return order
    }
}

extension TargetSpec {
    /// The order of this target's results: the query's effective order, or document names for a documents
    /// target.
    public var comparator: DocumentComparator {
        switch self {
        case .query(let query): DocumentComparator(order: query.effectiveOrder)
        case .documents: DocumentComparator(order: [QueryOrder(field: .documentName)])
        }
    }
}
