/// One decoded `ListenResponse`: what the server pushed on a Listen stream.
public enum WatchChange: Hashable, Sendable {
    case target(TargetChange)
    /// The document is now in the targets `targetIDs`, and has left `removedTargetIDs`.
    case document(Document, targetIDs: [Int32], removedTargetIDs: [Int32])
    /// The document was deleted.
    case delete(name: String, removedTargetIDs: [Int32], readTime: Timestamp?)
    /// The document no longer matches the targets (or was never relevant).
    case remove(name: String, removedTargetIDs: [Int32], readTime: Timestamp?)
    /// The number of documents the server holds for a target; a mismatch means our view is wrong.
    case existenceFilter(ExistenceFilter)
}

/// `google.firestore.v1.TargetChange`.
public struct TargetChange: Hashable, Sendable {
    /// `TargetChange.TargetChangeType`, with Google's raw numbers.
    public enum Kind: Int32, Hashable, Sendable {
        case noChange = 0
        case add = 1
        case remove = 2
        case current = 3
        case reset = 4
    }

    /// Why the server removed a target: a `google.rpc.Status` (gRPC code number and message).
    public struct Cause: Hashable, Sendable {
        public var code: Int32
        public var message: String
        public init(code: Int32, message: String) {
            self.code = code
            self.message = message
        }
    }

    public var kind: Kind
    /// Empty means every target on the stream.
    public var targetIDs: [Int32]
    public var cause: Cause?
    /// Empty means none was sent.
    public var resumeToken: [UInt8]
    public var readTime: Timestamp?

    public init(
        kind: Kind,
        targetIDs: [Int32] = [],
        cause: Cause? = nil,
        resumeToken: [UInt8] = [],
        readTime: Timestamp? = nil
    ) {
        self.kind = kind
        self.targetIDs = targetIDs
        self.cause = cause
        self.resumeToken = resumeToken
        self.readTime = readTime
    }
}

/// `google.firestore.v1.ExistenceFilter`, with its optional bloom filter of the names that still match.
public struct ExistenceFilter: Hashable, Sendable {
    public var targetID: Int32
    public var count: Int32
    public var unchangedNames: BloomFilterBits?

    public init(targetID: Int32, count: Int32, unchangedNames: BloomFilterBits? = nil) {
        self.targetID = targetID
        self.count = count
        self.unchangedNames = unchangedNames
    }
}

/// The raw bits of `google.firestore.v1.BloomFilter`.
public struct BloomFilterBits: Hashable, Sendable {
    public var bitmap: [UInt8]
    public var padding: Int32
    public var hashCount: Int32

    public init(bitmap: [UInt8], padding: Int32, hashCount: Int32) {
        self.bitmap = bitmap
        self.padding = padding
        self.hashCount = hashCount
    }
}
