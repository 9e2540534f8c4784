import FirestoreWatch
import FirestoreWire
import GRPCTransport
import Synchronization

@testable import FirestoreListen

/// A `ListenTransport` whose streams the test drives by hand: it records what the session sends and
/// pushes server messages or an ending status into the open stream.
final class ScriptedTransport: ListenTransport {
    final class Stream: ListenStream {
        private let pushed: AsyncThrowingStream<WatchChange, any Error>
        private let taken = Mutex(0)
        private let continuation: AsyncThrowingStream<WatchChange, any Error>.Continuation
        private let sentRequests = Mutex<[Wire.ListenRequestBody]>([])
        private let onSend: @Sendable (Stream, Wire.ListenRequestBody) -> Void
        private let beforeSend: Gate?

        /// 0 for the first stream the session opened, 1 for the next, …
        let index: Int

        init(index: Int, onSend: @escaping @Sendable (Stream, Wire.ListenRequestBody) -> Void, beforeSend: Gate?) {
            (pushed, continuation) = AsyncThrowingStream.makeStream(of: WatchChange.self)
            self.index = index
            self.onSend = onSend
            self.beforeSend = beforeSend
        }

        var sent: [Wire.ListenRequestBody] { sentRequests.withLock { $0 } }

        /// How many pushed messages the session has taken so far.
        var takenCount: Int { taken.withLock { $0 } }

        var changes: any AsyncSequence<WatchChange, any Error> {
            pushed.map { [self] change in
                taken.withLock { $0 += 1 }
                return change
            }
        }

        func send(_ request: Wire.ListenRequestBody) async throws {
            await beforeSend?(self, request)
            sentRequests.withLock { $0.append(request) }
            onSend(self, request)
        }

        func cancel() {
            continuation.finish(throwing: Status(code: .cancelled, message: "cancelled"))
        }

        func push(_ changes: WatchChange...) {
            for change in changes { continuation.yield(change) }
        }

        func fail(_ error: any Error) {
            continuation.finish(throwing: error)
        }

        func end(_ status: Status?) {
            if let status { continuation.finish(throwing: status) } else { continuation.finish() }
        }
    }

    private let opened = Mutex<[Stream]>([])
    private let failures = Mutex<[Status]>([])
    /// Runs, and is awaited, before a request counts as sent: a send that takes its time.
    typealias Gate = @Sendable (Stream, Wire.ListenRequestBody) async -> Void

    private let onSend: @Sendable (Stream, Wire.ListenRequestBody) -> Void
    private let beforeSend: Gate?
    private let newStream: AsyncStream<Stream>.Continuation
    let newStreams: AsyncStream<Stream>

    /// - Parameters:
    ///   - beforeSend: awaited before each request counts as sent.
    ///   - onSend: called for every request, to answer it like a server would.
    init(
        beforeSend: Gate? = nil,
        onSend: @escaping @Sendable (Stream, Wire.ListenRequestBody) -> Void = { _, _ in }
    ) {
        self.beforeSend = beforeSend
        self.onSend = onSend
        (newStreams, newStream) = AsyncStream.makeStream(of: Stream.self)
    }

    /// The next `count` attempts to open a stream fail with `status`.
    func failOpens(_ count: Int, with status: Status) {
        failures.withLock { $0 += Array(repeating: status, count: count) }
    }

    var streams: [Stream] { opened.withLock { $0 } }

    private let discarded = Mutex(0)

    /// How many times the session gave up on a connection.
    var discardedConnections: Int { discarded.withLock { $0 } }

    func discardConnection() {
        discarded.withLock { $0 += 1 }
    }

    func openListenStream() throws -> any ListenStream {
        if let failure = failures.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) { throw failure }
        let stream = opened.withLock { opened in
            let stream = Stream(index: opened.count, onSend: onSend, beforeSend: beforeSend)
            opened.append(stream)
            return stream
        }
        newStream.yield(stream)
        return stream
    }
}

/// What a server sends for one query target, as the emulator does.
enum ServerScript {
    static let database = "projects/p/databases/(default)"
    static let target = ListenTarget(
        id: 1,
        spec: .query(Query(parent: database + "/documents", collectionID: "c"))
    )

    static func document(_ id: String, updated seconds: Int64, _ fields: [String: FirestoreValue] = [:]) -> Document {
        Document(
            name: database + "/documents/c/" + id,
            fields: fields,
            createTime: Timestamp(seconds: 1),
            updateTime: Timestamp(seconds: seconds)
        )
    }

    /// ADD, the documents, CURRENT and the global NO_CHANGE with token `token` at `time`.
    static func listen(_ documents: [Document], token: UInt8, time: Int64, reset: Bool = false) -> [WatchChange] {
        [.target(TargetChange(kind: reset ? .reset : .add, targetIDs: [1]))]
            + documents.map { .document($0, targetIDs: [1], removedTargetIDs: []) }
            + [
                .target(
                    TargetChange(
                        kind: .current, targetIDs: [1], resumeToken: [token], readTime: Timestamp(seconds: time))),
                .target(TargetChange(kind: .noChange, resumeToken: [token], readTime: Timestamp(seconds: time))),
            ]
    }
}

/// A session over `transport` listening to `ServerScript.target`, configured by `configure`.
func scriptedSession(
    _ transport: ScriptedTransport, _ configure: (inout ListenSession.Configuration) -> Void = { _ in }
) -> ListenSession {
    var configuration = ListenSession.Configuration()
    configure(&configuration)
    return ListenSession(
        transport: transport,
        targets: [ServerScript.target],
        databaseName: ServerScript.database,
        configuration: configuration
    )
}
