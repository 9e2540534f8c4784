internal import Foundation
import Synchronization

/// A client of one Firestore database: the entry point of the library, as `Firestore` is in Firebase's
/// Apple SDK.
///
/// One client owns one connection and at most one Listen stream, whatever the number of listeners: every
/// listener's target is multiplexed on that stream. A client is safe to use from any task or thread.
///
/// ```swift
/// let db = try Firestore.firestore()          // FIRESTORE_EMULATOR_HOST, GOOGLE_CLOUD_PROJECT, ADC
/// let registration = db.collection("queue").whereField("status", isEqualTo: "pending")
///     .addSnapshotListener { snapshot, error in
///         for change in snapshot?.documentChanges ?? [] { print(change.type, change.document.documentID) }
///     }
/// ```
public final class Firestore: Sendable {
    /// Where and how this client connects.
    public let settings: FirestoreSettings
    let connection: FirestoreConnection
    /// The one Listen stream of this client, shared by every listener.
    let session: ListenSession

    /// A client with these settings. The connection is made on the first call.
    /// - Throws: `FirestoreErrorCode` `.invalidArgument` when a credentials or certificate file named by the
    ///   settings cannot be read.
    public init(settings: FirestoreSettings) throws(FirestoreErrorCode) {
        self.settings = settings
        self.connection = try FirestoreConnection(settings: settings)
        self.session = ListenSession(transport: connection, databaseName: settings.databaseName)
    }

    /// How many Listen streams this client has opened: one while any listener listens, and one more after
    /// each reconnect or after the last listener left and a new one started.
    public var listenStreamsOpened: Int {
        get async { await session.streamsOpened }
    }

    /// How many listeners listen now (each has one target on the Listen stream).
    public var activeListenerCount: Int {
        get async { await session.listenedTargets }
    }

    /// The shared client of the process, made on the first call with the settings Google's server clients
    /// take from the environment (see `FirestoreSettings.fromEnvironment(_:)`): the emulator of
    /// `FIRESTORE_EMULATOR_HOST`, or production with Application Default Credentials, and the project of
    /// `GOOGLE_CLOUD_PROJECT`. As in Firebase, every call returns the same client, so every listener of the
    /// program shares its one connection and Listen stream.
    /// - Throws: `FirestoreErrorCode` `.invalidArgument` when no project can be found (and again on the next
    ///   call: nothing is kept of a failure).
    public static func firestore() throws(FirestoreErrorCode) -> Firestore {
        try shared.withLock { (shared: inout Firestore?) throws(FirestoreErrorCode) -> Firestore in
            if let shared { return shared }
            let made = try Firestore(settings: FirestoreSettings.fromEnvironment())
            shared = made
            return made
        }
    }

    /// A new client with the settings the environment `environment` gives (see `firestore()`).
    public static func firestore(environment: [String: String]) throws(FirestoreErrorCode) -> Firestore {
        try Firestore(settings: FirestoreSettings.fromEnvironment(environment))
    }

    /// The client of `firestore()`: the one state of this library that is the process's, as Firebase's
    /// default app is.
    private static let shared = Mutex<Firestore?>(nil)

    /// The path of the database's documents: `projects/P/databases/D/documents`.
    package var documentsRoot: String { settings.documentsRoot }

    /// A reference to the collection at `collectionPath` (`queue`, `rooms/r1/messages`).
    ///
    /// A path that is not a collection's is reported by the first call that uses the reference.
    public func collection(_ collectionPath: String) -> CollectionReference {
        CollectionReference(firestore: self, path: collectionPath)
    }

    /// A query over every collection named `collectionID`, wherever it is.
    public func collectionGroup(_ collectionID: String) -> Query {
        Query(firestore: self, source: .collectionGroup(collectionID))
    }

    /// A reference to the document at `documentPath` (`queue/t1`).
    ///
    /// A path that is not a document's is reported by the first call that uses the reference.
    public func document(_ documentPath: String) -> DocumentReference {
        DocumentReference(firestore: self, path: documentPath)
    }
}
