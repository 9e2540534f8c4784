/// One clause of a `LiveQuery`: a filter, an order or a limit; the `QueryPredicate` of Firebase's
/// `@FirestoreQuery`, with its names.
///
/// ```swift
/// let pending: [QueryPredicate] = [.whereField("status", isEqualTo: "pending"), .order(by: "number")]
/// ```
///
/// Not `Sendable`, as the `Any` values are not.
public enum QueryPredicate {
    /// The field equals the value.
    case isEqualTo(_ field: String, _ value: Any)
    /// The field exists and differs from the value.
    case isNotEqualTo(_ field: String, _ value: Any)
    /// The field equals one of the values.
    case isIn(_ field: String, _ values: [Any])
    /// The field exists and equals none of the values.
    case isNotIn(_ field: String, _ values: [Any])
    /// The field is an array holding the value.
    case arrayContains(_ field: String, _ value: Any)
    /// The field is an array holding one of the values.
    case arrayContainsAny(_ field: String, _ values: [Any])
    /// The field is less than the value.
    case isLessThan(_ field: String, _ value: Any)
    /// The field is greater than the value.
    case isGreaterThan(_ field: String, _ value: Any)
    /// The field is at most the value.
    case isLessThanOrEqualTo(_ field: String, _ value: Any)
    /// The field is at least the value.
    case isGreaterThanOrEqualTo(_ field: String, _ value: Any)
    /// Order by the field; descending when the value is true.
    case orderBy(_ field: String, _ value: Bool)
    /// At most this many documents, from the start of the order.
    case limitTo(_ value: Int)
    /// At most this many documents, from the end of the order.
    case limitToLast(_ value: Int)

    /// `.isEqualTo`: the field equals the value.
    public static func whereField(_ field: String, isEqualTo value: Any) -> QueryPredicate { .isEqualTo(field, value) }
    /// `.isNotEqualTo`: the field exists and differs from the value.
    public static func whereField(_ field: String, isNotEqualTo value: Any) -> QueryPredicate {
        .isNotEqualTo(field, value)
    }
    /// `.isIn`: the field equals one of the values.
    public static func whereField(_ field: String, isIn values: [Any]) -> QueryPredicate { .isIn(field, values) }
    /// `.isNotIn`: the field exists and equals none of the values.
    public static func whereField(_ field: String, isNotIn values: [Any]) -> QueryPredicate { .isNotIn(field, values) }
    /// `.arrayContains`: the field is an array holding the value.
    public static func whereField(_ field: String, arrayContains value: Any) -> QueryPredicate {
        .arrayContains(field, value)
    }
    /// `.arrayContainsAny`: the field is an array holding one of the values.
    public static func whereField(_ field: String, arrayContainsAny values: [Any]) -> QueryPredicate {
        .arrayContainsAny(field, values)
    }
    /// `.isLessThan`: the field is less than the value.
    public static func whereField(_ field: String, isLessThan value: Any) -> QueryPredicate {
        .isLessThan(field, value)
    }
    /// `.isGreaterThan`: the field is greater than the value.
    public static func whereField(_ field: String, isGreaterThan value: Any) -> QueryPredicate {
        .isGreaterThan(field, value)
    }
    /// `.isLessThanOrEqualTo`: the field is at most the value.
    public static func whereField(_ field: String, isLessThanOrEqualTo value: Any) -> QueryPredicate {
        .isLessThanOrEqualTo(field, value)
    }
    /// `.isGreaterThanOrEqualTo`: the field is at least the value.
    public static func whereField(_ field: String, isGreaterThanOrEqualTo value: Any) -> QueryPredicate {
        .isGreaterThanOrEqualTo(field, value)
    }
    /// `.orderBy`: order by the field; descending when the value is true.
    public static func order(by field: String, descending: Bool = false) -> QueryPredicate {
        .orderBy(field, descending)
    }
    /// `.limitTo`: at most this many documents, from the start of the order.
    public static func limit(to value: Int) -> QueryPredicate { .limitTo(value) }
    /// `.limitToLast`: at most this many documents, from the end of the order.
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
