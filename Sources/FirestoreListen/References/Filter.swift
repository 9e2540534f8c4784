import FirestoreWatch

/// A filter of a query: a field compared with a value, or filters combined with AND or OR; as in Firebase's
/// Apple SDK (`Filter.whereField(_:isEqualTo:)`, `Filter.orFilter(_:)`).
public struct Filter: Sendable {
    package indirect enum Node: Sendable {
        /// A field compared with a value; `value` is what the caller passed (checked when the query is used).
        case field(FieldPath, QueryFilter.Operator, any Sendable)
        case and([Filter])
        case or([Filter])
    }

    package let node: Node

    package init(_ node: Node) {
        self.node = node
    }
}
