import FirestoreWatch

/// The query builders of Firebase's Apple SDK. Each returns a new query; none throws: an invalid path,
/// value or limit is reported, as `FirestoreErrorCode` `.invalidArgument`, by the first call that uses
/// the query (`getDocuments()`, a listener).
///
/// ```swift
/// let next = db.collection("queue")
///     .whereField("status", isEqualTo: "pending")
///     .order(by: "priority", descending: true)
///     .limit(to: 10)
/// let snapshot = try await next.getDocuments()
/// ```
extension Query {
    /// This query, keeping only documents whose field at `field` holds equal to `value`; `NSNull()` or nil matches a null field.
    public func whereField(_ field: String, isEqualTo value: Any) -> Query {
        whereFilter(Filter.whereField(field, isEqualTo: value))
    }

    /// This query, keeping only documents whose field at `path` holds equal to `value`; `NSNull()` or nil matches a null field.
    public func whereField(_ path: FieldPath, isEqualTo value: Any) -> Query {
        whereFilter(Filter.whereField(path, isEqualTo: value))
    }

    /// This query, keeping only documents whose field at `field` holds not equal to `value` (documents without the field do not match).
    public func whereField(_ field: String, isNotEqualTo value: Any) -> Query {
        whereFilter(Filter.whereField(field, isNotEqualTo: value))
    }

    /// This query, keeping only documents whose field at `path` holds not equal to `value` (documents without the field do not match).
    public func whereField(_ path: FieldPath, isNotEqualTo value: Any) -> Query {
        whereFilter(Filter.whereField(path, isNotEqualTo: value))
    }

    /// This query, keeping only documents whose field at `field` holds less than `value`, of the same type.
    public func whereField(_ field: String, isLessThan value: Any) -> Query {
        whereFilter(Filter.whereField(field, isLessThan: value))
    }

    /// This query, keeping only documents whose field at `path` holds less than `value`, of the same type.
    public func whereField(_ path: FieldPath, isLessThan value: Any) -> Query {
        whereFilter(Filter.whereField(path, isLessThan: value))
    }

    /// This query, keeping only documents whose field at `field` holds less than or equal to `value`, of the same type.
    public func whereField(_ field: String, isLessThanOrEqualTo value: Any) -> Query {
        whereFilter(Filter.whereField(field, isLessThanOrEqualTo: value))
    }

    /// This query, keeping only documents whose field at `path` holds less than or equal to `value`, of the same type.
    public func whereField(_ path: FieldPath, isLessThanOrEqualTo value: Any) -> Query {
        whereFilter(Filter.whereField(path, isLessThanOrEqualTo: value))
    }

    /// This query, keeping only documents whose field at `field` holds greater than `value`, of the same type.
    public func whereField(_ field: String, isGreaterThan value: Any) -> Query {
        whereFilter(Filter.whereField(field, isGreaterThan: value))
    }

    /// This query, keeping only documents whose field at `path` holds greater than `value`, of the same type.
    public func whereField(_ path: FieldPath, isGreaterThan value: Any) -> Query {
        whereFilter(Filter.whereField(path, isGreaterThan: value))
    }

    /// This query, keeping only documents whose field at `field` holds greater than or equal to `value`, of the same type.
    public func whereField(_ field: String, isGreaterThanOrEqualTo value: Any) -> Query {
        whereFilter(Filter.whereField(field, isGreaterThanOrEqualTo: value))
    }

    /// This query, keeping only documents whose field at `path` holds greater than or equal to `value`, of the same type.
    public func whereField(_ path: FieldPath, isGreaterThanOrEqualTo value: Any) -> Query {
        whereFilter(Filter.whereField(path, isGreaterThanOrEqualTo: value))
    }

    /// This query, keeping only documents whose field at `field` holds an array that contains `value`.
    public func whereField(_ field: String, arrayContains value: Any) -> Query {
        whereFilter(Filter.whereField(field, arrayContains: value))
    }

    /// This query, keeping only documents whose field at `path` holds an array that contains `value`.
    public func whereField(_ path: FieldPath, arrayContains value: Any) -> Query {
        whereFilter(Filter.whereField(path, arrayContains: value))
    }

    /// This query, keeping only documents whose field at `field` holds an array that contains at least one of `values`.
    public func whereField(_ field: String, arrayContainsAny values: [Any]) -> Query {
        whereFilter(Filter.whereField(field, arrayContainsAny: values))
    }

    /// This query, keeping only documents whose field at `path` holds an array that contains at least one of `values`.
    public func whereField(_ path: FieldPath, arrayContainsAny values: [Any]) -> Query {
        whereFilter(Filter.whereField(path, arrayContainsAny: values))
    }

    /// This query, keeping only documents whose field at `field` holds equal to one of `values`.
    public func whereField(_ field: String, in values: [Any]) -> Query {
        whereFilter(Filter.whereField(field, in: values))
    }

    /// This query, keeping only documents whose field at `path` holds equal to one of `values`.
    public func whereField(_ path: FieldPath, in values: [Any]) -> Query {
        whereFilter(Filter.whereField(path, in: values))
    }

    /// This query, keeping only documents whose field at `field` holds equal to none of `values` (documents without the field do not match).
    public func whereField(_ field: String, notIn values: [Any]) -> Query {
        whereFilter(Filter.whereField(field, notIn: values))
    }

    /// This query, keeping only documents whose field at `path` holds equal to none of `values` (documents without the field do not match).
    public func whereField(_ path: FieldPath, notIn values: [Any]) -> Query {
        whereFilter(Filter.whereField(path, notIn: values))
    }

    /// This query, keeping only documents that match `filter` too (a field filter, or an AND or OR of
    /// filters).
    ///
    /// ```swift
    /// let either = db.collection("queue").whereFilter(
    ///     Filter.orFilter([Filter.whereField("status", isEqualTo: "new"), Filter.whereField("n", isGreaterThan: 3)]))
    /// ```
    public func whereFilter(_ filter: Filter) -> Query {
        Query(
            firestore: firestore, source: source, filters: filters + [filter], orders: orders, limit: limit,
            invalidArgument: invalidArgument)
    }

    /// This query, ordered by the field at `field` (a dotted path) too, ascending unless `descending`.
    ///
    /// Documents without the field are left out, as Firestore does.
    public func order(by field: String, descending: Bool = false) -> Query {
        do throws(FirestoreErrorCode) {
            return order(by: try FieldPath.parse(field), descending: descending)
        } catch {
            return replacing(invalidArgument: error)
        }
    }

    /// This query, ordered by the field at `path` too, ascending unless `descending`.
    public func order(by path: FieldPath, descending: Bool = false) -> Query {
        Query(
            firestore: firestore, source: source, filters: filters,
            orders: orders + [QueryOrder(field: path, descending: descending)], limit: limit,
            invalidArgument: invalidArgument)
    }

    /// This query, keeping the first `limit` documents of its order (which must be positive).
    public func limit(to limit: Int) -> Query {
        limited(limit, Limit.first)
    }

    /// This query, keeping the last `limit` documents of its order (which must be positive), still in
    /// that order; as Firebase, the query must have an explicit order (`order(by:)`).
    ///
    /// ```swift
    /// let latest = db.collection("messages").order(by: "sentAt").limit(toLast: 20)
    /// ```
    public func limit(toLast limit: Int) -> Query {
        limited(limit, Limit.last)
    }

    private func limited(_ limit: Int, _ kind: (Int32) -> Limit) -> Query {
        guard limit > 0, let count = Int32(exactly: limit) else {
            return replacing(
                invalidArgument: FirestoreErrorCode(
                    .invalidArgument,
                    message:
                        "Invalid Query. Query limit (\(limit)) is invalid. Limit must be positive and at most \(Int32.max)"
                ))
        }
        return Query(
            firestore: firestore, source: source, filters: filters, orders: orders, limit: kind(count),
            invalidArgument: invalidArgument)
    }

    /// This query, failing when used with `error` unless it already fails with another.
    private func replacing(invalidArgument error: FirestoreErrorCode) -> Query {
        Query(
            firestore: firestore, source: source, filters: filters, orders: orders, limit: limit,
            invalidArgument: invalidArgument ?? error)
    }
}
