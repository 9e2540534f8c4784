import FirestoreWatch
import FirestoreWire
import GRPCTransport
import Synchronization
import Testing

@testable import FirestoreListen

/// How the session ends, backs off and keeps probing when targets fail or streams break early.
@Suite struct ListenSessionFailureTests {

    /// Drains the session; returns the status it ended with, or nil when it ended cleanly.
    private func outcome(of session: ListenSession) async -> Status? {
        do {
            for try await _ in session.events() {}
            return nil
        } catch let error as FirestoreErrorCode {
            return error.status
        } catch {
            Issue.record("unexpected error \(error)")
            return nil
        }
    }

    @Test(arguments: [StatusCode.unavailable, .resourceExhausted, .internal])
    func aTargetRemovedWithARetryableCodeStillEndsTheListener(code: StatusCode) async throws {
        let transport = ScriptedTransport { stream, request in
            if case .add = request {
                stream.push(
                    .target(TargetChange(kind: .add, targetIDs: [1])),
                    .target(
                        TargetChange(kind: .remove, targetIDs: [1], cause: .init(code: code.rawValue, message: "no")))
                )
            }
        }
        let ended = await outcome(of: scriptedSession(transport))
        #expect(ended?.code == code)
        #expect(ended?.message == "no")
        #expect(transport.streams.count == 1, "a target's cause is not the stream's end: nothing is retried")
    }

    @Test func aCauseOnACurrentEndsTheTargetToo() async throws {
        let transport = ScriptedTransport { stream, request in
            if case .add = request {
                stream.push(
                    .target(TargetChange(kind: .add, targetIDs: [1])),
                    .target(TargetChange(kind: .current, targetIDs: [1], cause: .init(code: 7, message: "denied")))
                )
            }
        }
        let ended = await outcome(of: scriptedSession(transport))
        #expect(ended?.code == .permissionDenied)
        #expect(ended?.message == "denied")
    }

    @Test func streamsThatBreakBeforeAConsistentPointBackOffUntilMaxRetryTime() async throws {
        // Every stream gets as far as a RESET with a token, then breaks.
        let transport = ScriptedTransport { stream, request in
            if case .add = request {
                stream.push(
                    .target(TargetChange(kind: .add, targetIDs: [1])),
                    .target(
                        TargetChange(kind: .reset, targetIDs: [1], resumeToken: [9], readTime: Timestamp(seconds: 5)))
                )
                stream.end(Status(code: .internal, message: "RST_STREAM"))
            }
        }
        let started = ContinuousClock.now
        let ended = await outcome(of: scriptedSession(transport) { $0.maxRetryTime = .seconds(2) })
        #expect(ended?.code == .internal)
        #expect(ended?.message.contains("no healthy stream for 2s") == true)
        // Delays 0 s, then 1 s ± 50 %, 1.5 s ± 50 %…: a handful of streams, not thousands.
        #expect(transport.streams.count >= 2 && transport.streams.count <= 5, "\(transport.streams.count) streams")
        #expect(ContinuousClock.now - started >= .seconds(2))
    }

    @Test func maxRetryTimeEndsAStreamThatNeverAnswersWithoutWaitingForItsTimeout() async throws {
        let transport = ScriptedTransport()  // opens streams that never answer
        let ended = await outcome(
            of: scriptedSession(transport) {
                $0.maxRetryTime = .seconds(1)
                $0.responseTimeout = .seconds(3600)
            })
        #expect(ended?.code == .unavailable)
        #expect(ended?.message == "no healthy stream for 1s: the server has not answered")
        #expect(transport.streams.count == 1)
    }

    @Test func aRefusedTokenIsRetriedAgainAfterAReListenThatChangedNothing() async throws {
        let transport = ScriptedTransport()
        var events = ListenSessionTests.Events(scriptedSession(transport))
        var streams = transport.newStreams.makeAsyncIterator()
        let documents = [ServerScript.document("d1", updated: 2)]
        let refusal = WatchChange.target(
            TargetChange(kind: .remove, targetIDs: [1], cause: .init(code: 9, message: "token too old")))
        for round in 0..<3 {
            if round > 0 { try #require(await streams.next()).push(refusal) }
            let stream = try #require(await streams.next())
            stream.push(contentsOf: ServerScript.listen(documents, token: UInt8(7 + round), time: Int64(10 + round)))
            // The re-listen reaches a consistent point with the same documents: `current`, no new snapshot.
            while let event = try await events.next() {
                if case .current = event { break }
            }
            stream.end(Status(code: .unavailable, message: "gone"))
        }
        _ = try #require(await streams.next())
        #expect(transport.streams.count == 6, "each refusal after a caught-up re-listen is retried, none is fatal")
    }

    @Test func aRefusedProbeIsAnAnswerAndProbingGoesOn() async throws {
        let transport = ScriptedTransport { stream, request in
            if case .add(let target) = request, target.id != 1 {
                stream.push(
                    .target(TargetChange(kind: .remove, targetIDs: [target.id], cause: .init(code: 3, message: "bad"))))
            }
        }
        let listener = scriptedSession(transport) {
            $0.probeAfter = .milliseconds(300)
            $0.responseTimeout = .seconds(2)
        }
        let ended = Task { await outcome(of: listener) }
        var streams = transport.newStreams.makeAsyncIterator()
        let stream = try #require(await streams.next())
        stream.push(contentsOf: ServerScript.listen([], token: 1, time: 10))
        try await waitUntil(timeout: .seconds(20)) {
            stream.sent.filter { if case .add(let target) = $0 { target.id != 1 } else { false } }.count >= 3
        }
        #expect(transport.streams.count == 1, "a refused probe does not condemn the stream")
        ended.cancel()
        #expect(await ended.value == nil)
    }

    @Test func aTargetReplacedWhileANewStreamSendsItsTargetsIsSentOnlyInItsNewForm() async throws {
        let replacement = TargetSpec.documents([ServerScript.database + "/documents/c/d9"])
        let session = Mutex<ListenSession?>(nil)
        let newID = Mutex<Int32?>(nil)
        // While the first AddTarget is on its way, the library user replaces target 2, not sent yet.
        let transport = ScriptedTransport(beforeSend: { stream, request in
            guard stream.index == 0, case .add(let target) = request, target.id == 1,
                let listener = session.withLock({ $0 })
            else { return }
            let id = try? await listener.replaceTarget(2, with: replacement)
            newID.withLock { $0 = id }
        })
        let second = ListenTarget(id: 2, spec: ServerScript.target.spec)
        let listener = ListenSession(
            transport: transport, targets: [ServerScript.target, second], databaseName: ServerScript.database)
        session.withLock { $0 = listener }
        let ended = Task { await outcome(of: listener) }
        var streams = transport.newStreams.makeAsyncIterator()
        let stream = try #require(await streams.next())
        try await waitUntil { stream.sent.count >= 2 }
        try await Task.sleep(for: .milliseconds(200))
        let id = try #require(newID.withLock { $0 })
        #expect(stream.sent == [.add(ServerScript.target), .add(ListenTarget(id: id, spec: replacement))])
        ended.cancel()
        _ = await ended.value
    }

    @Test func aConsumerThatFallsBehindHoldsTheSessionBackAndLosesNothing() async throws {
        let transport = ScriptedTransport()
        let listener = scriptedSession(transport) {
            $0.probeAfter = .milliseconds(500)
            $0.responseTimeout = .seconds(1)
        }
        var events = ListenSessionTests.Events(listener)
        var streams = transport.newStreams.makeAsyncIterator()
        let stream = try #require(await streams.next())
        stream.push(contentsOf: ServerScript.listen([], token: 1, time: 10))
        // 300 consistent points, each changing d1: 300 snapshots, 600 messages.
        for round in 1...300 {
            stream.push(
                .document(ServerScript.document("d1", updated: Int64(round)), targetIDs: [1], removedTargetIDs: []),
                .target(
                    TargetChange(kind: .noChange, resumeToken: [2], readTime: Timestamp(seconds: Int64(100 + round)))))
        }
        // Nobody reads for longer than the probe and answer times together.
        try await Task.sleep(for: .seconds(3))
        let taken = stream.takenCount
        #expect(taken < 50, "the session ran \(taken) messages ahead of a consumer that took nothing")
        var updates: [Int64] = []
        while updates.count < 300, let event = try await events.next() {
            if case .snapshot(let snapshot, _) = event, let change = snapshot.changes.first {
                updates.append(change.document.updateTime.seconds)
            }
        }
        #expect(updates == Array(1...300), "every change, in order")
        #expect(transport.streams.count == 1, "waiting for the consumer is not a dead connection")
        #expect(transport.discardedConnections == 0)
    }

    @Test func timeSpentWaitingForASlowConsumerIsNotTimeWithoutAHealthyStream() async throws {
        let transport = ScriptedTransport { stream, request in
            if case .add(let target) = request, stream.index >= 1 {
                stream.push(.target(TargetChange(kind: .add, targetIDs: [target.id])))
            }
        }
        var events = scriptedSession(transport) { $0.maxRetryTime = .seconds(2) }.events().makeAsyncIterator()
        var streams = transport.newStreams.makeAsyncIterator()
        let first = try #require(await streams.next())
        first.push(contentsOf: ServerScript.listen([], token: 1, time: 10))
        for round in 1...5 {
            first.push(
                .document(ServerScript.document("d1", updated: Int64(round)), targetIDs: [1], removedTargetIDs: []),
                .target(
                    TargetChange(kind: .noChange, resumeToken: [2], readTime: Timestamp(seconds: Int64(100 + round))))
            )
        }
        first.end(Status(code: .unavailable, message: "routine close"))
        _ = try await events.next()
        let second = try #require(await streams.next())
        // The consumer (an --exec hook, say) reads nothing for longer than --max-retry-time.
        try await Task.sleep(for: .seconds(3))
        let consumer = Task { [events] in
            var events = events
            var ending = "ended"
            do {
                while try await events.next() != nil {}
            } catch {
                ending = "\(error)"
            }
            return ending
        }
        // The new stream becomes consistent a little later.
        try await Task.sleep(for: .milliseconds(1500))
        second.push(
            .target(TargetChange(kind: .current, targetIDs: [1], resumeToken: [3], readTime: Timestamp(seconds: 200))),
            .target(TargetChange(kind: .noChange, resumeToken: [3], readTime: Timestamp(seconds: 200))))
        try await Task.sleep(for: .seconds(1))
        consumer.cancel()
        #expect(await consumer.value == "ended", "the listener did not give up")
        #expect(transport.streams.count == 2)
    }

    @Test func theSameUndecodableMessageOnThreeStreamsEndsTheListenerNamingIt() async throws {
        let transport = ScriptedTransport { stream, request in
            if case .add = request { stream.fail(WireError(message: "Value nests too deep (document c/d1)")) }
        }
        let ended = await outcome(of: scriptedSession(transport))
        #expect(ended?.code == .internal)
        #expect(
            ended?.message
                == "a server message did not decode: Value nests too deep (document c/d1); the same on 3 streams in "
                + "a row, so not a network fault: the listener stops")
        #expect(transport.streams.count == 3)
    }

    @Test func differentFailuresOrAHealthyStreamBetweenThemAreRetried() async throws {
        let transport = ScriptedTransport { stream, request in
            guard case .add = request else { return }
            switch stream.index {
            case 0, 1: stream.fail(WireError(message: "truncated"))
            case 2:
                stream.push(contentsOf: ServerScript.listen([], token: 1, time: 5))
                stream.fail(WireError(message: "truncated"))
            case 3: stream.fail(WireError(message: "truncated"))
            default: stream.end(Status(code: .permissionDenied, message: "stop here"))
            }
        }
        let ended = await outcome(of: scriptedSession(transport) { $0.backoff = Backoff(generator: ZeroJitter()) })
        #expect(ended == Status(code: .permissionDenied, message: "stop here"))
        #expect(transport.streams.count == 5)
    }
}

/// Jitter that is always 0: the backoff's delays are exactly 0 s, 1 s, 1.5 s, …
private struct ZeroJitter: RandomNumberGenerator, Sendable {
    mutating func next() -> UInt64 { 1 << 63 }
}

/// A refusal without a reason is not retried for ever.
@Suite struct SilentUnknownTests {
    @Test func streamsEndedUnknownWithNoReasonBeforeAnsweringEndTheListenerAfterThree() async throws {
        let transport = ScriptedTransport { stream, request in
            if case .add = request { stream.end(Status(code: .unknown, message: "")) }
        }
        // Without the rule, only the retry time would end it.
        let session = scriptedSession(transport) { $0.maxRetryTime = .seconds(30) }
        var ended: FirestoreErrorCode?
        do {
            for try await _ in session.events() {}
        } catch let error as FirestoreErrorCode {
            ended = error
        }
        #expect(ended?.code == .unknown)
        #expect(
            ended?.message
                == "the server ended the stream with UNKNOWN and no reason, before answering; the same on 3 streams "
                + "in a row, so not a network fault: the listener stops")
        #expect(transport.streams.count == ListenSession.identicalFailuresAllowed)
    }

    @Test func aStreamThatAnsweredBeforeItsUnknownIsNotCounted() async throws {
        let transport = ScriptedTransport { stream, request in
            guard case .add = request else { return }
            if stream.index == 0 { stream.push(.target(TargetChange(kind: .add, targetIDs: [1]))) }
            stream.end(Status(code: .unknown, message: ""))
        }
        let session = scriptedSession(transport) { $0.maxRetryTime = .seconds(30) }
        var ended: FirestoreErrorCode?
        do {
            for try await _ in session.events() {}
        } catch let error as FirestoreErrorCode {
            ended = error
        }
        #expect(
            ended?.message.hasSuffix("the same on 3 streams in a row, so not a network fault: the listener stops")
                == true, "\(String(describing: ended))")
        #expect(transport.streams.count == 1 + ListenSession.identicalFailuresAllowed)
    }

    @Test func aStatusWithAnUnknownCodeAndNoMessageHasAReason() {
        #expect(FirestoreErrorCode(Status(code: StatusCode(rawValue: 42), message: "")).message == "CODE_42")
        #expect(FirestoreErrorCode(Status(code: .unknown, message: " ")).message == "unknown")
        let budget = RetryBudget(limit: .seconds(30), backoff: Backoff(), startedAt: .now)
        #expect(budget.exhausted(Status(code: .unknown, message: "")).message == "no healthy stream for 30s: UNKNOWN")
    }
}
