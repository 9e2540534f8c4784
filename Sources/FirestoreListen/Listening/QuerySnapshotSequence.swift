/// The snapshots of a query's listener, in order, as `Query.snapshots()` returns them.
///
/// The listener starts when the iteration starts and adds its target to the client's shared Listen stream;
/// it ends, and takes its target off the stream, when the iterating task is cancelled or the loop is left.
/// A consumer that takes its time holds the stream back instead of piling snapshots up in memory; the
/// stream is the client's, so one that stops taking snapshots holds back every listener of its client.
public struct QuerySnapshotSequence: AsyncSequence, Sendable {
    /// A consistent snapshot of the query's result.
    public typealias Element = QuerySnapshot
    /// A `FirestoreErrorCode`: the failure that ended the listener.
    public typealias Failure = any Error

    let query: Query
    let stateStore: ListenStateStore?

    /// The listener itself: made by `makeAsyncIterator()`, it starts on its first `next()`.
    public struct AsyncIterator: AsyncIteratorProtocol {
        let query: Query
        var listener: TargetListener?
        var failure: FirestoreErrorCode?
        let translation: SnapshotTranslation?

        /// The next snapshot; nil once the task is cancelled. Throws `FirestoreErrorCode`.
        public mutating func next() async throws -> QuerySnapshot? {
            if let failure { throw failure }
            guard var listener, let translation else { return nil }
            self.listener = nil
            guard let view = try await listener.next() else { return nil }
            self.listener = listener
            return translation.querySnapshot(view, of: query, resumed: listener.resumed)
        }
    }

    /// A new listener (each iteration of the sequence listens on its own).
    public func makeAsyncIterator() -> AsyncIterator {
        do {
            let (spec, reversed) = try query.makeTarget()
            return AsyncIterator(
                query: query,
                listener: TargetListener(session: query.firestore.session, spec: spec, store: stateStore),
                failure: nil,
                translation: SnapshotTranslation(firestore: query.firestore, reversed: reversed)
            )
        } catch {
            return AsyncIterator(query: query, listener: nil, failure: error, translation: nil)
        }
    }
}

/// The snapshots of a document's listener, in order, as `DocumentReference.snapshots()` returns them. See
/// `QuerySnapshotSequence`.
public struct DocumentSnapshotSequence: AsyncSequence, Sendable {
    /// A consistent snapshot of the document.
    public typealias Element = DocumentSnapshot
    /// A `FirestoreErrorCode`: the failure that ended the listener.
    public typealias Failure = any Error

    let reference: DocumentReference
    let stateStore: ListenStateStore?

    /// The listener itself: made by `makeAsyncIterator()`, it starts on its first `next()`.
    public struct AsyncIterator: AsyncIteratorProtocol {
        let reference: DocumentReference
        var listener: TargetListener?
        var failure: FirestoreErrorCode?

        /// The next snapshot; nil once the task is cancelled. Throws `FirestoreErrorCode`.
        public mutating func next() async throws -> DocumentSnapshot? {
            if let failure { throw failure }
            guard var listener else { return nil }
            self.listener = nil
            guard let view = try await listener.next() else { return nil }
            self.listener = listener
            return SnapshotTranslation(firestore: reference.firestore, reversed: false)
                .documentSnapshot(view, of: reference, resumed: listener.resumed)
        }
    }

    /// A new listener (each iteration of the sequence listens on its own).
    public func makeAsyncIterator() -> AsyncIterator {
        do {
            let spec = try reference.makeTarget()
            return AsyncIterator(
                reference: reference,
                listener: TargetListener(session: reference.firestore.session, spec: spec, store: stateStore),
                failure: nil
            )
        } catch {
            return AsyncIterator(reference: reference, listener: nil, failure: error)
        }
    }
}
