import FirestoreWatch
import Observation

/// The live result of a query, decoded as `T`, that an observer (SwiftUI on Apple systems, or
/// `withObservationTracking` anywhere) sees change: the `@FirestoreQuery` of Firebase's Apple SDK for
/// programs without SwiftUI.
///
/// ```swift
/// struct Ticket: Decodable { @DocumentID var id: String?; var number: Int; var text: String }
///
/// let tickets = LiveQuery<Ticket>(
///     collectionPath: "queue",
///     predicates: [.whereField("status", isEqualTo: "pending"), .order(by: "number")],
///     firestore: db
/// )
/// // … tickets.items, tickets.error …
/// tickets.predicates = [.whereField("status", isEqualTo: "called")]   // the same stream, a new target
/// ```
///
/// It starts listening when it is made and stops when `stop()` is called or it is released. Changing
/// `predicates` replaces the target on the client's live Listen stream, without reconnecting (Firebase's
/// wrapper tears its listener down and makes a new one). Isolated to the main actor, as SwiftUI state is.
@MainActor
@Observable
public final class LiveQuery<T: Decodable> {
    /// The documents of the last snapshot that decoded, in query order.
    public private(set) var items: [T] = []
    /// The last failure: the listener's (it then stops) or, with `.raise`, the decoding error of the last
    /// snapshot (whose items are then not taken). Nil after a snapshot that decoded.
    public private(set) var error: (any Error)?
    /// With `.ignore`: the documents of the last snapshot that did not decode, and why.
    public private(set) var decodingErrors: [DocumentDecodingError] = []
    /// The last snapshot, with its `documentChanges`.
    public private(set) var snapshot: QuerySnapshot?

    /// The filters, orders and limits; a change re-targets the live stream.
    public var predicates: [QueryPredicate] {
        didSet {
            version += 1
            retarget()
        }
    }

    /// The collection whose documents are listened to, relative to the database root.
    public let collectionPath: String
    /// What a document that does not decode does: `.raise` makes it the `error`; `.ignore` leaves it out.
    public let decodingFailureStrategy: DecodingFailureStrategy
    /// The client whose Listen stream carries the query; nil when none could be made (see `error`).
    public let firestore: Firestore?

    /// The query of each predicate version whose target is known, by target id.
    private struct Version {
        var number: Int
        var query: Query
        var reversed: Bool
    }

    @ObservationIgnored private var task: Task<Void, Never>?
    @ObservationIgnored private var version = 0
    /// The target of the latest predicates that the session acknowledged, while the listener runs.
    @ObservationIgnored private var liveID: Int32?
    @ObservationIgnored private var versions: [Int32: Version] = [:]
    /// Views of a target whose id is not known yet (a predicate change still on its way): the latest of each.
    @ObservationIgnored private var early: [Int32: ViewSnapshot] = [:]
    @ObservationIgnored private var resumedTargets: Set<Int32> = []
    /// The last predicate change still being sent; the next one waits for it.
    @ObservationIgnored private var retargeting: Task<Void, Never>?

    /// Starts listening to the documents of `collectionPath` that match `predicates`.
    /// - Parameters:
    ///   - decodingFailureStrategy: `.raise` (the default, as Firebase's) makes a document that does not
    ///     decode the `error` of its snapshot; `.ignore` leaves it out and lists it in `decodingErrors`.
    ///   - firestore: the client; by default the shared one of `Firestore.firestore()`.
    public init(
        collectionPath: String,
        predicates: [QueryPredicate] = [],
        decodingFailureStrategy: DecodingFailureStrategy = .raise,
        firestore: Firestore? = nil
    ) {
        self.collectionPath = collectionPath
        self.predicates = predicates
        self.decodingFailureStrategy = decodingFailureStrategy
        var client = firestore
        var failure: (any Error)?
        if client == nil {
            do { client = try Firestore.firestore() } catch { failure = error }
        }
        self.firestore = client
        self.error = failure
        start()
    }

    isolated deinit {
        task?.cancel()
        retargeting?.cancel()
    }

    /// Stops listening: the target leaves the stream; `items` stay as they are. A later change of
    /// `predicates` starts it again.
    public func stop() {
        task?.cancel()
        task = nil
        retargeting?.cancel()
        retargeting = nil
        liveID = nil
    }

    /// The query of the current predicates.
    private func query(of firestore: Firestore) -> Query {
        predicates.reduce(firestore.collection(collectionPath) as Query) { $1.applied(to: $0) }
    }

    /// The target of the current predicates, or nil (with `error` set) when they make no query.
    private func target() -> (query: Query, spec: TargetSpec, reversed: Bool)? {
        guard let firestore else { return nil }
        let query = query(of: firestore)
        do {
            let (spec, reversed) = try query.makeTarget()
            return (query, spec, reversed)
        } catch {
            self.error = error
            return nil
        }
    }

    /// Starts a listener of the current predicates; its events come in while the LiveQuery lives. Weak, but
    /// for the time of each event: a released LiveQuery stops (its deinit cancels the task).
    private func start() {
        guard let firestore, let (query, spec, reversed) = target() else { return }
        let number = version
        let session = firestore.session
        task = Task { [weak self] in
            let (id, events) = await session.listen(spec)
            self?.learn(id, Version(number: number, query: query, reversed: reversed))
            do {
                for try await event in events {
                    guard let self else { return }
                    self.take(event)
                }
            } catch {
                // The listener failed: a change of the predicates starts a new one.
                self?.error = error
                self?.stop()
            }
        }
    }

    /// Target `id` carries predicate version `known`.
    private func learn(_ id: Int32, _ known: Version) {
        liveID = id
        versions[id] = known
        if let view = early.removeValue(forKey: id) { show(view) }
        // The predicates changed while the target went out: send the change now.
        if known.number != version { retarget() }
    }

    private func take(_ event: ListenEvent) {
        switch event {
        case .listening(let id): resumedTargets.remove(id)
        case .resumed(let id, _): resumedTargets.insert(id)
        case .snapshot(let view, _):
            if versions[view.targetID] == nil { early[view.targetID] = view } else { show(view) }
        default: break
        }
    }

    /// Shows `view` if it is of the current predicates (views of earlier ones still on their way are not).
    private func show(_ view: ViewSnapshot) {
        guard let firestore, let known = versions[view.targetID], known.number == version else { return }
        let snapshot = SnapshotTranslation(firestore: firestore, reversed: known.reversed)
            .querySnapshot(view, of: known.query, resumed: resumedTargets.contains(view.targetID))
        self.snapshot = snapshot
        do {
            let decoded = try snapshot.documents(as: T.self, decodingFailureStrategy: decodingFailureStrategy)
            items = decoded.items
            decodingErrors = decoded.errors
            error = nil
        } catch {
            self.error = error
        }
    }

    private func retarget() {
        // Not listening (stopped, failed, or never started): listen afresh to the new predicates.
        guard task != nil else { return start() }
        // The first target is still going out: `learn` follows up with the change.
        guard liveID != nil || retargeting != nil else { return }
        guard let firestore, let (query, spec, reversed) = target() else { return }
        let number = version
        let session = firestore.session
        let previous = retargeting
        retargeting = Task {
            await previous?.value
            guard let old = liveID, number == version else { return }
            do {
                let id = try await session.replaceTarget(old, with: spec)
                learn(id, Version(number: number, query: query, reversed: reversed))
            } catch {
                self.error = error
            }
        }
    }
}
