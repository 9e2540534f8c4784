/// One clause of a `LiveQuery`: a filter, an order or a limit; the `QueryPredicate` of Firebase's
/// `@FirestoreQuery`, with its names.
///
/// ```swift
/// let pending: [QueryPredicate] = [.whereField("status", isEqualTo: "pending"), .order(by: "number")]
/// ```
///
/// Not `Sendable`, as the `Any` values are not.
public enum QueryPredicate {
    case isEqualTo(_ field: String, _ value: Any)
    case isNotEqualTo(_ field: String, _ value: Any)
    case isIn(_ field: String, _ values: [Any])
    case isNotIn(_ field: String, _ values: [Any])
    case arrayContains(_ field: String, _ value: Any)
    case arrayContainsAny(_ field: String, _ values: [Any])
    case isLessThan(_ field: String, _ value: Any)
    case isGreaterThan(_ field: String, _ value: Any)
    case isLessThanOrEqualTo(_ field: String, _ value: Any)
    case isGreaterThanOrEqualTo(_ field: String, _ value: Any)
    /// `descending` when the value is true.
    case orderBy(_ field: String, _ value: Bool)
    case limitTo(_ value: Int)
    case limitToLast(_ value: Int)

    public static func whereField(_ field: String, isEqualTo value: Any) -> QueryPredicate { .isEqualTo(field, value) }
    public static func whereField(_ field: String, isNotEqualTo value: Any) -> QueryPredicate {
        .isNotEqualTo(field, value)
    }
    public static func whereField(_ field: String, isIn values: [Any]) -> QueryPredicate { .isIn(field, values) }
    public static func whereField(_ field: String, isNotIn values: [Any]) -> QueryPredicate { .isNotIn(field, values) }
    public static func whereField(_ field: String, arrayContains value: Any) -> QueryPredicate {
        .arrayContains(field, value)
    }
    public static func whereField(_ field: String, arrayContainsAny values: [Any]) -> QueryPredicate {
        .arrayContainsAny(field, values)
    }
    public static func whereField(_ field: String, isLessThan value: Any) -> QueryPredicate {
        .isLessThan(field, value)
    }
    public static func whereField(_ field: String, isGreaterThan value: Any) -> QueryPredicate {
        .isGreaterThan(field, value)
    }
    public static func whereField(_ field: String, isLessThanOrEqualTo value: Any) -> QueryPredicate {
        .isLessThanOrEqualTo(field, value)
    }
    public static func whereField(_ field: String, isGreaterThanOrEqualTo value: Any) -> QueryPredicate {
        .isGreaterThanOrEqualTo(field, value)
    }
    public static func order(by field: String, descending: Bool = false) -> QueryPredicate {
        .orderBy(field, descending)
    }
    public static func limit(to value: Int) -> QueryPredicate { .limitTo(value) }
    public static func limit(toLast value: Int) -> QueryPredicate { .limitToLast(value) }

    /// `query` with this clause added.
    func applied(to query: Query) -> Query {
        switch self {
        case .isEqualTo(let field, let value): query.whereField(field, isEqualTo: value)
        case .isNotEqualTo(let field, let value): query.whereField(field, isNotEqualTo: value)
        case .isIn(let field, let values): query.whereField(field, in: values)
        case .isNotIn(let field, let values): query.whereField(field, notIn: values)
        case .arrayContains(let field, let value): query.whereField(field, arrayContains: value)
        case .arrayContainsAny(let field, let values): query.whereField(field, arrayContainsAny: values)
        case .isLessThan(let field, let value): query.whereField(field, isLessThan: value)
        case .isGreaterThan(let field, let value): query.whereField(field, isGreaterThan: value)
        case .isLessThanOrEqualTo(let field, let value): query.whereField(field, isLessThanOrEqualTo: value)
        case .isGreaterThanOrEqualTo(let field, let value): query.whereField(field, isGreaterThanOrEqualTo: value)
        case .orderBy(let field, let descending): query.order(by: field, descending: descending)
        case .limitTo(let value): query.limit(to: value)
        case .limitToLast(let value): query.limit(toLast: value)
        }
    }
}
