import FirestoreWatch

/// A query: a collection or collection group, filters, orders and a limit; as in Firebase's Apple SDK.
///
/// Immutable (every builder returns a new query), so safe to share between tasks: that is the invariant
/// behind `@unchecked Sendable`, which a non-final class needs.
public class Query: @unchecked Sendable {
    /// What a query reads from.
    package enum Source: Hashable, Sendable {
        /// A collection path relative to the database root.
        case collection(String)
        /// Every collection with this id.
        case collectionGroup(String)
    }

    /// How many documents a query keeps, and from which end of its order.
    package enum Limit: Hashable, Sendable {
        case first(Int32)
        case last(Int32)
    }

    /// The client that runs the query.
    public let firestore: Firestore
    package let source: Source
    /// Combined with AND.
    package let filters: [Filter]
    package let orders: [QueryOrder]
    package let limit: Limit?
    /// The first invalid argument a builder was given (an order's field path, a limit), thrown by the first
    /// call that uses the query; builders never throw, as in Firebase.
    package let invalidArgument: FirestoreErrorCode?

    package init(
        firestore: Firestore,
        source: Source,
        filters: [Filter] = [],
        orders: [QueryOrder] = [],
        limit: Limit? = nil,
        invalidArgument: FirestoreErrorCode? = nil
    ) {
        self.firestore = firestore
        self.source = source
        self.filters = filters
        self.orders = orders
        self.limit = limit
        self.invalidArgument = invalidArgument
    }
}
