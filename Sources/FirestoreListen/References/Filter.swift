import FirestoreWatch

/// A filter of a query: a field compared with a value, or filters combined with AND or OR; as in Firebase's
/// Apple SDK.
///
/// ```swift
/// let urgent = db.collection("queue").whereFilter(
///     Filter.orFilter([
///         Filter.whereField("priority", isGreaterThan: 5),
///         Filter.andFilter([Filter.whereField("status", isEqualTo: "late"), Filter.whereField("owner", isEqualTo: NSNull())]),
///     ])
/// )
/// ```
///
/// A filter never fails when it is built: an invalid field path or value is reported, as
/// `FirestoreErrorCode` `.invalidArgument`, by the first call that uses a query holding it.
public struct Filter: Sendable {
    package indirect enum Node: Sendable {
        /// A field compared with a value: each converted when the filter was built, or why it could not be.
        case field(
            Result<FieldPath, FirestoreErrorCode>, QueryFilter.Operator, Result<FirestoreValue, FirestoreErrorCode>)
        case and([Filter])
        case or([Filter])
    }

    package let node: Node

    package init(_ node: Node) {
        self.node = node
    }

    /// A filter of `field` (a `String`, dotted, or a `FieldPath`) with `op` and `value` (converted as
    /// `FirestoreValue(any:)` does).
    static func comparing(_ path: Result<FieldPath, FirestoreErrorCode>, _ op: QueryFilter.Operator, _ value: Any)
        -> Filter
    {
        Filter(.field(path, op, Result { () throws(FirestoreErrorCode) in try FirestoreValue(any: value) }))
    }

    static func comparing(_ dotted: String, _ op: QueryFilter.Operator, _ value: Any) -> Filter {
        comparing(Result { () throws(FirestoreErrorCode) in try FieldPath.parse(dotted) }, op, value)
    }

    static func comparing(_ path: FieldPath, _ op: QueryFilter.Operator, _ value: Any) -> Filter {
        comparing(.success(path), op, value)
    }
}
