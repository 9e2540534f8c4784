import FirestoreWatch

extension Query {
    /// The Listen or RunQuery target of this query, and whether its results must be reversed.
    ///
    /// 1. The source: a collection path (odd segments, none empty) becomes the parent
    ///    `projects/P/databases/D/documents[/…/doc]` and the last segment; a collection group, the
    ///    documents root with `allDescendants`.
    /// 2. The filters, as Firebase normalizes them: an AND at the top is spread into the query's conditions,
    ///    a composite of one filter is that filter, an empty composite is dropped. A string compared with
    ///    `FieldPath.documentID()` becomes the reference it names.
    /// 3. The orders as given, then the limit. For `limit(toLast:)` the whole effective order (the implicit
    ///    inequality and `__name__` orders too) is flipped and `reversed` is true: the server returns the
    ///    last documents first, and the caller reverses them, as Firebase's clients do.
    ///
    /// - Throws: `FirestoreErrorCode` `.invalidArgument` for an invalid path, field path, value or limit,
    ///   a reference to another database, or `limit(toLast:)` without an explicit order.
    package func makeTarget() throws(FirestoreErrorCode) -> (spec: TargetSpec, reversed: Bool) {
        if let invalidArgument { throw invalidArgument }
        let root = firestore.documentsRoot
        var query: FirestoreWatch.Query
        switch source {
        case .collection(let path):
            let segments = try ResourcePath.segments(path, ofDocument: false)
            query = FirestoreWatch.Query(
                parent: ([root] + segments.dropLast()).joined(separator: "/"), collectionID: segments.last!)
        case .collectionGroup(let collectionID):
            guard !collectionID.isEmpty, !collectionID.contains("/") else {
                throw FirestoreErrorCode(
                    .invalidArgument,
                    message: "Invalid collection ID '\(collectionID)' passed to collectionGroup(). "
                        + "Collection IDs must not be empty nor contain '/'"
                )
            }
            query = FirestoreWatch.Query(parent: root, collectionID: collectionID, allDescendants: true)
        }
        for filter in filters {
            switch try filter.condition(in: query, documentsRoot: root) {
            case .composite(.and, let members)?: query.conditions += members
            case let condition?: query.conditions.append(condition)
            case nil: break
            }
        }
        query.orders = orders
        switch limit {
        case nil:
            return (.query(query), false)
        case .first(let count):
            query.limit = count
            return (.query(query), false)
        case .last(let count):
            guard !orders.isEmpty else {
                throw FirestoreErrorCode(
                    .invalidArgument,
                    message: "limit(toLast:) queries require specifying at least one order(by:) clause"
                )
            }
            query.orders = query.effectiveOrder.map { QueryOrder(field: $0.field, descending: !$0.descending) }
            query.limit = count
            return (.query(query), true)
        }
    }
}

extension DocumentReference {
    /// The documents target of this one document, for a listener.
    /// - Throws: `FirestoreErrorCode` `.invalidArgument` unless the path names a document (an even number of
    ///   segments, none empty).
    package func makeTarget() throws(FirestoreErrorCode) -> TargetSpec {
        try validatePath()
        return .documents([resourceName])
    }
}

extension Filter {
    /// This filter as a condition of `query` (whose parent and collection resolve document ids), or nil
    /// when it is an empty composite.
    fileprivate func condition(
        in query: FirestoreWatch.Query,
        documentsRoot: String
    ) throws(FirestoreErrorCode) -> QueryCondition? {
        switch node {
        case .field(let path, let op, let value):
            let filter = try Self.fieldFilter(
                path: path.get(), op: op, value: value.get(), in: query, documentsRoot: documentsRoot)
            return .field(filter)
        case .and(let filters): return try Self.composite(.and, filters, in: query, documentsRoot: documentsRoot)
        case .or(let filters): return try Self.composite(.or, filters, in: query, documentsRoot: documentsRoot)
        }
    }

    private static func composite(
        _ combination: QueryCondition.Combination,
        _ filters: [Filter],
        in query: FirestoreWatch.Query,
        documentsRoot: String
    ) throws(FirestoreErrorCode) -> QueryCondition? {
        var members: [QueryCondition] = []
        for filter in filters {
            if let member = try filter.condition(in: query, documentsRoot: documentsRoot) { members.append(member) }
        }
        switch members.count {
        case 0: return nil
        case 1: return members[0]
        default: return .composite(combination, members)
        }
    }

    private static func fieldFilter(
        path: FieldPath,
        op: QueryFilter.Operator,
        value: FirestoreValue,
        in query: FirestoreWatch.Query,
        documentsRoot: String
    ) throws(FirestoreErrorCode) -> QueryFilter {
        var value = value
        switch op {
        case .in, .notIn, .arrayContainsAny:
            guard case .array(let elements) = value, !elements.isEmpty else {
                throw FirestoreErrorCode(
                    .invalidArgument,
                    message: "Invalid Query. A non-empty array is required for '\(op.rawValue)' filters")
            }
        case .equal, .notEqual: break
        default:
            if value == .null || value == .double(.nan) {
                throw FirestoreErrorCode(
                    .invalidArgument,
                    message: "Invalid Query. Null and NaN support only 'isEqualTo' and 'isNotEqualTo' comparisons"
                )
            }
        }
        if path == .documentName {
            value = try documentIDValue(value, op: op, in: query, documentsRoot: documentsRoot)
        }
        if let foreign = value.foreignReference(documentsRoot: documentsRoot) {
            throw FirestoreErrorCode(
                .invalidArgument,
                message:
                    "Invalid Query. The reference \(foreign) is not a document of this database (\(path.canonical))"
            )
        }
        return QueryFilter(field: path, op: op, value: value)
    }

    /// The value compared with `FieldPath.documentID()`: a reference, or a string naming one (a document id
    /// of a collection's query; a document path of a collection group's), also inside `in` and `not-in`.
    private static func documentIDValue(
        _ value: FirestoreValue,
        op: QueryFilter.Operator,
        in query: FirestoreWatch.Query,
        documentsRoot: String
    ) throws(FirestoreErrorCode) -> FirestoreValue {
        switch (op, value) {
        case (.arrayContains, _), (.arrayContainsAny, _):
            throw FirestoreErrorCode(
                .invalidArgument, message: "Invalid Query. You can't perform '\(op.rawValue)' queries on documentID()")
        case (.in, .array(let elements)), (.notIn, .array(let elements)):
            var references: [FirestoreValue] = []
            for element in elements {
                references.append(
                    try documentIDValue(element, op: .equal, in: query, documentsRoot: documentsRoot))
            }
            return .array(references)
        case (_, .reference): return value
        case (_, .string(let id)) where !query.allDescendants:
            guard !id.isEmpty, !id.contains("/") else {
                throw FirestoreErrorCode(
                    .invalidArgument,
                    message: "Invalid Query. When querying a collection by documentID(), you must provide a plain "
                        + "document ID, but '\(id)' is empty or contains a '/'"
                )
            }
            return .reference(query.parent + "/" + query.collectionID + "/" + id)
        case (_, .string(let path)):
            return .reference(
                documentsRoot + "/" + (try ResourcePath.segments(path, ofDocument: true)).joined(separator: "/"))
        default:
            throw FirestoreErrorCode(
                .invalidArgument,
                message:
                    "Invalid Query. When querying with documentID(), you must provide a String or a DocumentReference"
            )
        }
    }
}
