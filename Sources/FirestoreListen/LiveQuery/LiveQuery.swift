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
            predicatesVersion += 1
            retarget()
        }
    }

    public let collectionPath: String
    public let decodingFailureStrategy: DecodingFailureStrategy
    public let firestore: Firestore

    @ObservationIgnored private var task: Task<Void, Never>?
    /// The listener's current target and how to read its views; nil until it is added.
    @ObservationIgnored private var target: (id: Int32, query: Query, reversed: Bool)?
    /// Targets replaced by a predicate change: views of theirs still on the way are dropped.
    @ObservationIgnored private var retired: Set<Int32> = []
    @ObservationIgnored private var resumed = false
    @ObservationIgnored private var predicatesVersion = 0
    /// The last predicate change still being sent; the next one waits for it.
    @ObservationIgnored private var retargeting: Task<Void, Never>?

    /// Starts listening to the documents of `collectionPath` that match `predicates`.
    /// - Parameter decodingFailureStrategy: `.raise` (the default, as Firebase's) makes a document that
    ///   does not decode the `error` of its snapshot; `.ignore` leaves it out and lists it in `decodingErrors`.
    public init(
        collectionPath: String,
        predicates: [QueryPredicate] = [],
        decodingFailureStrategy: DecodingFailureStrategy = .raise,
        firestore: Firestore
    ) {
        self.collectionPath = collectionPath
        self.predicates = predicates
        self.decodingFailureStrategy = decodingFailureStrategy
        self.firestore = firestore
        // Weak, but for the time of each event: a released LiveQuery stops (its deinit cancels the task).
        task = Task { [weak self] in
            guard let events = await self?.start() else { return }
            do {
                for try await event in events {
                    guard let self else { return }
                    self.take(event)
                }
            } catch {
                self?.error = error
            }
        }
    }

    isolated deinit {
        task?.cancel()
        retargeting?.cancel()
    }

    /// Stops listening: the target leaves the stream; `items` stay as they are.
    public func stop() {
        task?.cancel()
        task = nil
    }

    /// The query of the current predicates.
    private var query: Query {
        predicates.reduce(firestore.collection(collectionPath) as Query) { $1.applied(to: $0) }
    }

    /// Adds the target of the current predicates; nil when they do not make a query (`error` says why).
    private func start() async -> ListenEvents? {
        let query = self.query
        let version = predicatesVersion
        let spec: TargetSpec
        let reversed: Bool
        do {
            (spec, reversed) = try query.makeTarget()
        } catch {
            self.error = error
            return nil
        }
        let (id, events) = await firestore.session.listen(spec)
        target = (id, query, reversed)
        // The predicates changed while the target went out: send the change now.
        if predicatesVersion != version { retarget() }
        return events
    }

    private func take(_ event: ListenEvent) {
        switch event {
        case .listening(let id) where !retired.contains(id): resumed = false
        case .resumed(let id, _) where !retired.contains(id): resumed = true
        case .snapshot(let view, _) where !retired.contains(view.targetID):
            guard let target else { return }
            let snapshot = SnapshotTranslation(firestore: firestore, reversed: target.reversed)
                .querySnapshot(view, of: target.query, resumed: resumed)
            self.snapshot = snapshot
            do {
                let decoded = try snapshot.documents(as: T.self, decodingFailureStrategy: decodingFailureStrategy)
                items = decoded.items
                decodingErrors = decoded.errors
                error = nil
            } catch {
                self.error = error
            }
        default: break
        }
    }

    private func retarget() {
        let query = self.query
        let spec: TargetSpec
        let reversed: Bool
        do {
            (spec, reversed) = try query.makeTarget()
        } catch {
            self.error = error
            return
        }
        // Not listening yet: `listen()` takes the new predicates when it starts.
        guard let current = target else { return }
        // From now on every view that is not of a retired target is of the new query.
        retired.insert(current.id)
        target = (current.id, query, reversed)
        let session = firestore.session
        let previous = retargeting
        retargeting = Task {
            await previous?.value
            guard let old = target?.id else { return }
            retired.insert(old)
            do {
                let id = try await session.replaceTarget(old, with: spec)
                target?.id = id
            } catch {
                self.error = error
            }
        }
    }
}
