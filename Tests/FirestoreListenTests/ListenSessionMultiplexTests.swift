import FirestoreWatch
import FirestoreWire
import GRPCTransport
import Testing

@testable import FirestoreListen

/// Several consumers on one session: targets that come and go on the live stream, driven by a scripted
/// transport (no network).
@Suite struct ListenSessionMultiplexTests {
    private static let database = ServerScript.database

    private static func query(_ collection: String) -> TargetSpec {
        .query(Query(parent: database + "/documents", collectionID: collection))
    }

    /// What a stream was sent, as text: `add 1`, `add 2 resumed`, `remove 1`.
    private static func sent(_ stream: ScriptedTransport.Stream) -> [String] {
        stream.sent.map {
            switch $0 {
            case .add(let target): "add \(target.id)" + (target.resume == nil ? "" : " resumed")
            case .remove(let id): "remove \(id)"
            }
        }
    }

    /// Answers every AddTarget of a user target (ids below 100: probes get larger ones here only by chance,
    /// so the tests name them) with an ADD, CURRENT and a consistent point.
    private static func answering(except unanswered: @escaping @Sendable (Int32) -> Bool = { _ in false })
        -> ScriptedTransport
    {
        ScriptedTransport { stream, request in
            guard case .add(let target) = request, !unanswered(target.id) else { return }
            stream.push(
                .target(TargetChange(kind: .add, targetIDs: [target.id])),
                .target(
                    TargetChange(
                        kind: .current, targetIDs: [target.id], resumeToken: [UInt8(target.id)],
                        readTime: Timestamp(seconds: 5))),
                .target(TargetChange(kind: .noChange, resumeToken: [9], readTime: Timestamp(seconds: 5)))
            )
        }
    }

    /// The first snapshot among `events`, failing after 10 s.
    private static func firstSnapshot(_ events: ListenEvents) async throws -> ViewSnapshot? {
        let iterator = DeadlineIterator(events.makeAsyncIterator())
        while let event = try await iterator.next(within: .seconds(10), "a snapshot") {
            if case .snapshot(let view, _) = event { return view }
        }
        return nil
    }

    @Test func aTargetAddedToTheLiveStreamGoesOutOnItAndLeavesWithItsConsumer() async throws {
        let transport = Self.answering()
        let session = ListenSession(transport: transport, databaseName: Self.database)
        let (first, firstEvents) = await session.listen(Self.query("a"))
        #expect(try await Self.firstSnapshot(firstEvents)?.targetID == first)
        let (second, secondEvents) = await session.listen(Self.query("b"))
        #expect(try await Self.firstSnapshot(secondEvents)?.targetID == second)
        #expect(transport.streams.count == 1)
        #expect(Self.sent(transport.streams[0]) == ["add \(first)", "add \(second)"])
        #expect(await session.heldTargets == [first, second])
        #expect(await session.streamsOpened == 1)
    }

    @Test func aConsumerThatLeavesTakesItsTargetOffTheStream() async throws {
        let transport = Self.answering()
        let session = ListenSession(transport: transport, databaseName: Self.database)
        let (first, firstEvents) = await session.listen(Self.query("a"))
        _ = try await Self.firstSnapshot(firstEvents)
        let (second, secondEvents) = await session.listen(Self.query("b"))
        _ = try await Self.firstSnapshot(secondEvents)
        await session.unsubscribe(await session.subscriber(of: second))
        #expect(Self.sent(transport.streams[0]) == ["add \(first)", "add \(second)", "remove \(second)"])
        #expect(await session.heldTargets == [first])
        #expect(await session.listenedTargets == 1)
    }

    @Test func replacingATargetNobodyListensToThrowsAndSendsNothing() async throws {
        let transport = Self.answering()
        let session = ListenSession(transport: transport, databaseName: Self.database)
        let (first, events) = await session.listen(Self.query("a"))
        _ = try await Self.firstSnapshot(events)
        await #expect(throws: FirestoreErrorCode.self) {
            try await session.replaceTarget(first + 7, with: Self.query("b"))
        }
        #expect(Self.sent(transport.streams[0]) == ["add \(first)"])
        let replaced = try await session.replaceTarget(first, with: Self.query("b"))
        #expect(Self.sent(transport.streams[0]) == ["add \(first)", "remove \(first)", "add \(replaced)"])
        #expect(await session.heldTargets == [replaced])
    }

    @Test func aProbeThatWentUnansweredIsNotCarriedToTheNextStream() async throws {
        // Target 1 is answered; the probe (the next id) never is, so the connection is presumed dead.
        let transport = Self.answering { $0 != 1 }
        var configuration = ListenSession.Configuration()
        configuration.probeAfter = .seconds(1)
        configuration.responseTimeout = .seconds(1)
        let session = ListenSession(transport: transport, databaseName: Self.database, configuration: configuration)
        let (id, events) = await session.listen(Self.query("a"))
        #expect(id == 1)
        var streams = transport.newStreams.makeAsyncIterator()
        let first = try #require(await streams.next())
        let iterator = DeadlineIterator(events.makeAsyncIterator())
        while let event = try await iterator.next(within: .seconds(20), "a reconnect") {
            if case .reconnecting = event { break }
        }
        let second = try #require(await streams.next())
        try await waitUntil("the second stream's AddTarget") { !Self.sent(second).isEmpty }
        #expect(Self.sent(first) == ["add 1", "add 2"])
        #expect(Self.sent(second) == ["add 1 resumed"])
        #expect(await session.heldTargets == [1])
    }

    @Test func theLastConsumerLeavingAndANewOneArrivingAtOnceGetsTheNewTargetOnTheNextStream() async throws {
        let transport = Self.answering()
        let session = ListenSession(transport: transport, databaseName: Self.database)
        let (first, firstEvents) = await session.listen(Self.query("a"))
        _ = try await Self.firstSnapshot(firstEvents)
        await session.unsubscribe(await session.subscriber(of: first))
        let (second, secondEvents) = await session.listen(Self.query("b"))
        #expect(try await Self.firstSnapshot(secondEvents)?.targetID == second)
        #expect(await session.heldTargets == [second])
        #expect(transport.streams.count == 2)
        #expect(Self.sent(transport.streams[1]) == ["add \(second)"])
    }
}
