import FirestoreWatch

/// What the command line asked for, parsed and validated but not yet run.
public enum Command: Hashable, Sendable {
    case watch(WatchOptions)
    case confirm(ConfirmOptions)
    case work(WorkCommandOptions)
    /// Print this text on standard output and exit 0.
    case help(String)
}

/// How to reach Firestore, as given by flags (the environment is read later, by `Settings.resolve`).
public struct ConnectionOptions: Hashable, Sendable {
    public var host: String?
    public var project: String?
    public var database: String = "(default)"
    public var emulator = false
    public var insecure = false
    public var caFile: String?
    public var accessTokenFile: String?

    public init() {}
}

/// What `watch` listens to.
public enum WatchSource: Hashable, Sendable {
    /// A collection path relative to the database root: `collection1`, `rooms/r1/messages`.
    case collection(String)
    case collectionGroup(String)
    /// A document path relative to the database root: `rooms/r1`.
    case document(String)
}

public struct WatchOptions: Hashable, Sendable {
    public var connection = ConnectionOptions()
    public var source = WatchSource.collection("")
    public var filters: [QueryFilter] = []
    public var orders: [QueryOrder] = []
    public var limit: Int32?
    public var json = false
    public var includeDocs = false
    public var skipInitial = false
    public var statePath: String?
    public var resetState = false
    public var maxEvents: Int?
    public var once = false
    public var maxRetryTime: Duration?
    public var exec: String?
    /// Print every decoded server message instead of snapshots (a debugging view).
    public var raw = false

    public init() {}
}

public struct ConfirmOptions: Hashable, Sendable {
    public var connection = ConnectionOptions()
    /// Relative to the database root: `queue/t1`.
    public var documentPath = ""
    /// Default `status` = `"completed"`.
    public var fields: [FieldPath: FirestoreValue] = [:]
    public var ifUpdateTime: Timestamp?
    public var serverTimeFields: [FieldPath] = []

    public init() {}
}

/// `work`: run a command for each document of a query, and confirm it.
public struct WorkCommandOptions: Hashable, Sendable {
    public var connection = ConnectionOptions()
    /// A collection path relative to the database root.
    public var collectionPath = ""
    public var filters: [QueryFilter] = []
    public var orders: [QueryOrder] = []
    public var exec = ""
    /// The confirm's fields; default `status` = `"completed"`.
    public var fields: [FieldPath: FirestoreValue] = [:]
    public var serverTimeFields: [FieldPath] = []
    /// `--claim WORKER_ID`.
    public var workerID: String?
    public var claimTimeout: Duration = .seconds(300)
    public var claimedByField = FieldPath(["claimedBy"])
    public var claimedAtField = FieldPath(["claimedAt"])
    public var maxAttempts = 3
    public var failureFields: [FieldPath: FirestoreValue] = [:]
    public var concurrency = 1
    public var execTimeout: Duration?
    public var statePath: String?
    public var resetState = false
    public var json = false

    public init() {}
}
