import Synchronization

/// The events of a `ListenSession`, in order. One consumer: iterate it once. Stopping the iteration (or
/// cancelling the iterating task) stops the session and cancels its stream.
///
/// Back-pressure: the session runs at most `EventCredit.capacity` events ahead of the consumer, then
/// waits, and while it waits it reads nothing more from the server (whose stream reads only a little
/// ahead in turn). A slow consumer (an `--exec` hook, a full pipe) therefore holds the server back instead
/// of growing this process's memory; no event is dropped.
package struct ListenEvents: AsyncSequence, Sendable {
    package typealias Element = ListenEvent
    package typealias Failure = any Error

    let stream: AsyncThrowingStream<ListenEvent, any Error>
    let credit: EventCredit

    package struct AsyncIterator: AsyncIteratorProtocol {
        var base: AsyncThrowingStream<ListenEvent, any Error>.AsyncIterator
        let credit: EventCredit

        package mutating func next() async throws -> ListenEvent? {
            let event = try await base.next()
            if event != nil { credit.consumed() }
            return event
        }
    }

    package func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(base: stream.makeAsyncIterator(), credit: credit)
    }
}

/// Counts the events a session has yielded and its consumer has not taken, and makes the session wait
/// while there are `capacity` of them. Thread-safe (one `Mutex`); one producer, one consumer.
final class EventCredit: Sendable {
    let capacity: Int

    private struct State {
        var outstanding = 0
        var waiter: CheckedContinuation<Void, Never>?
        var closed = false
    }

    private let state = Mutex(State())

    init(capacity: Int) {
        precondition(capacity > 0)
        self.capacity = capacity
    }

    /// Whether the producer must wait before its next event.
    var isFull: Bool {
        state.withLock { !$0.closed && $0.outstanding >= capacity }
    }

    /// The producer yielded one event.
    func produced() {
        state.withLock { $0.outstanding += 1 }
    }

    /// Returns once the consumer has room again, or at once when the credit is closed or the task
    /// cancelled (the session then ends).
    func waitForRoom() async {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let ready = state.withLock { state in
                    if state.closed || state.outstanding < capacity { return true }
                    state.waiter = continuation
                    return false
                }
                if ready { continuation.resume() }
            }
        } onCancel: {
            close()
        }
    }

    /// The consumer took one event.
    func consumed() {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            state.outstanding -= 1
            guard state.outstanding < capacity else { return nil }
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume()
    }

    /// No more waiting: the consumer is gone.
    func close() {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            state.closed = true
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume()
    }
}
