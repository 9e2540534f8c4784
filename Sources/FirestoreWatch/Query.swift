/// A structured query over one collection (or collection group), as a listener target holds it.
public struct Query: Hashable, Sendable {
    /// The parent resource: `projects/P/databases/D/documents` or `…/documents/rooms/r1`.
    public var parent: String
    public var collectionID: String
    /// True for a collection-group query (every collection named `collectionID`).
    public var allDescendants: Bool
    /// What a document must satisfy, combined with AND: field filters, and AND or OR composites of them.
    ///
    /// One condition is sent bare, several in one `CompositeFilter` AND, so a query of field filters only
    /// encodes exactly as `filters` always did.
    public var conditions: [QueryCondition]
    public var orders: [QueryOrder]
    public var limit: Int32?

    public init(
        parent: String,
        collectionID: String,
        allDescendants: Bool = false,
        filters: [QueryFilter] = [],
        conditions: [QueryCondition] = [],
        orders: [QueryOrder] = [],
        limit: Int32? = nil
    ) {
        self.parent = parent
        self.collectionID = collectionID
        self.allDescendants = allDescendants
        self.conditions = filters.map(QueryCondition.field) + conditions
        self.orders = orders
        self.limit = limit
    }

    /// The field filters combined with AND at the top of `conditions` (the command line's `--where`
    /// clauses); setting it replaces every condition, composites included.
    public var filters: [QueryFilter] {
        get {
            conditions.compactMap { condition in
                if case .field(let filter) = condition { filter } else { nil }
            }
        }
        set { conditions = newValue.map(QueryCondition.field) }
    }
}

/// A condition of a query: one field filter, or conditions combined with AND or OR (Firestore's
/// `StructuredQuery.Filter`, with `CompositeFilter` nesting to any depth).
public indirect enum QueryCondition: Hashable, Sendable {
    /// How a composite combines its conditions.
    public enum Combination: Hashable, Sendable {
        case and
        case or
    }

    case field(QueryFilter)
    /// Sent as a `CompositeFilter` with exactly these members, in order (even one, or none).
    case composite(Combination, [QueryCondition])

    /// Every field filter in this condition, depth first.
    public var fieldFilters: [QueryFilter] {
        switch self {
        case .field(let filter): [filter]
        case .composite(_, let conditions): conditions.flatMap(\.fieldFilters)
        }
    }
}

/// One `--where` clause.
public struct QueryFilter: Hashable, Sendable {
    /// The operators of the contract, spelled as on the command line.
    public enum Operator: String, Hashable, Sendable, CaseIterable {
        case lessThan = "<"
        case lessThanOrEqual = "<="
        case greaterThan = ">"
        case greaterThanOrEqual = ">="
        case equal = "=="
        case notEqual = "!="
        case arrayContains = "array-contains"
        case `in` = "in"
        case arrayContainsAny = "array-contains-any"
        case notIn = "not-in"

        /// Inequalities make the server order by their field first.
        public var isInequality: Bool {
            switch self {
            case .lessThan, .lessThanOrEqual, .greaterThan, .greaterThanOrEqual, .notEqual, .notIn: true
            default: false
            }
        }
    }

    public var field: FieldPath
    public var op: Operator
    public var value: FirestoreValue

    public init(field: FieldPath, op: Operator, value: FirestoreValue) {
        self.field = field
        self.op = op
        self.value = value
    }
}

/// One `--order-by` clause.
public struct QueryOrder: Hashable, Sendable {
    public var field: FieldPath
    public var descending: Bool

    public init(field: FieldPath, descending: Bool = false) {
        self.field = field
        self.descending = descending
    }
}

/// What a listener target watches.
public enum TargetSpec: Hashable, Sendable {
    case query(Query)
    /// Full document names.
    case documents([String])
}

/// Where a re-added target resumes from.
public enum ResumePoint: Hashable, Sendable {
    case token([UInt8])
    case readTime(Timestamp)
}

/// A target as it is added to a Listen stream.
public struct ListenTarget: Hashable, Sendable {
    public var id: Int32
    public var spec: TargetSpec
    public var resume: ResumePoint?
    /// The number of documents the client holds, sent with a resume point to ask for a bloom filter.
    public var expectedCount: Int32?

    public init(id: Int32, spec: TargetSpec, resume: ResumePoint? = nil, expectedCount: Int32? = nil) {
        self.id = id
        self.spec = spec
        self.resume = resume
        self.expectedCount = expectedCount
    }
}
