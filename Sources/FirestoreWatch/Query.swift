/// A structured query over one collection (or collection group), as a listener target holds it.
public struct Query: Hashable, Sendable {
    /// The parent resource: `projects/P/databases/D/documents` or `…/documents/rooms/r1`.
    public var parent: String
    public var collectionID: String
    /// True for a collection-group query (every collection named `collectionID`).
    public var allDescendants: Bool
    /// Combined with AND.
    public var filters: [QueryFilter]
    public var orders: [QueryOrder]
    public var limit: Int32?

    public init(
        parent: String,
        collectionID: String,
        allDescendants: Bool = false,
        filters: [QueryFilter] = [],
        orders: [QueryOrder] = [],
        limit: Int32? = nil
    ) {
        self.parent = parent
        self.collectionID = collectionID
        self.allDescendants = allDescendants
        self.filters = filters
        self.orders = orders
        self.limit = limit
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
