import FirestoreWatch
import FirestoreWire
import GRPCTransport
import Testing

@testable import FirestoreListen

/// The session's reconnect, resume and liveness logic, driven by a scripted transport (no network).
@Suite struct ListenSessionTests {
    /// Reads events one at a time, failing the test instead of hanging.
    struct Events {
        let iterator: DeadlineIterator<ListenEvents.AsyncIterator>

        init(_ session: ListenSession) {
            iterator = DeadlineIterator(session.events().makeAsyncIterator())
        }

        func next(timeout: Duration = .seconds(10)) async throws -> ListenEvent? {
            try await iterator.next(within: timeout, "the next event")
        }

        /// The next snapshot, skipping other events.
        func snapshot() async throws -> ViewSnapshot? {
            while let event = try await next() {
                if case .snapshot(let snapshot, _) = event { return snapshot }
            }
            return nil
        }
    }

    private func changes(_ snapshot: ViewSnapshot?) -> [String] {
        snapshot?.changes.map { "\($0.kind.rawValue) \($0.document.id) \($0.oldIndex) \($0.newIndex)" } ?? []
    }

    @Test func reconnectsFromTheResumeTokenAndReportsOnlyWhatChanged() async throws {
        let transport = ScriptedTransport()
        var events = Events(scriptedSession(transport))
        var streams = transport.newStreams.makeAsyncIterator()
        let first = try #require(await streams.next())
        first.push(contentsOf: ServerScript.listen([ServerScript.document("d1", updated: 2)], token: 7, time: 10))
        #expect(try await events.next().map(describe) == "listening 1")
        #expect(try await events.next().map(describe) == "current 10", "current comes before its snapshot")
        let initial = try await events.snapshot()
        #expect(initial?.initial == true)
        #expect(changes(initial) == ["added d1 -1 0"])

        first.end(Status(code: .unavailable, message: "socket closed"))
        #expect(try await events.next().map(describe) == "reconnecting 1 0s UNAVAILABLE")
        let second = try #require(await streams.next())
        try await waitUntil("the second stream's AddTarget") { !second.sent.isEmpty }
        #expect(
            second.sent == [
                .add(ListenTarget(id: 1, spec: ServerScript.target.spec, resume: .token([7]), expectedCount: 1))
            ])
        second.push(.target(TargetChange(kind: .add, targetIDs: [1])))
        #expect(try await events.next().map(describe) == "resumed 1 10")
        second.push(
            contentsOf: ServerScript.listen(
                [ServerScript.document("d1", updated: 2), ServerScript.document("d2", updated: 3)],
                token: 8,
                time: 11,
                reset: true
            )
        )
        let resumed = try await events.snapshot()
        #expect(resumed?.initial == false)
        #expect(changes(resumed) == ["added d2 -1 1"])
    }

    @Test func aRefusedStatusEndsTheListener() async throws {
        let transport = ScriptedTransport()
        var events = Events(scriptedSession(transport))
        var streams = transport.newStreams.makeAsyncIterator()
        try #require(await streams.next()).end(Status(code: .permissionDenied, message: "no"))
        await #expect(throws: FirestoreErrorCode(.permissionDenied, message: "no")) {
            while try await events.next() != nil {}
        }
    }

    @Test func aMessageThatDoesNotDecodeReopensTheStream() async throws {
        let transport = ScriptedTransport()
        var events = Events(scriptedSession(transport))
        var streams = transport.newStreams.makeAsyncIterator()
        try #require(await streams.next()).end(nil)
        #expect(try await events.next().map(describe) == "reconnecting 1 0s UNKNOWN")
        let second = try #require(await streams.next())
        second.fail(WireError(message: "truncated"))
        #expect(try await events.next().map(describe)?.hasPrefix("reconnecting 2 ") == true)
        _ = try #require(await streams.next())
    }

    @Test func unauthenticatedReconnectsWithCredentialsReadAfresh() async throws {
        let transport = ScriptedTransport()
        var events = Events(scriptedSession(transport))
        var streams = transport.newStreams.makeAsyncIterator()
        try #require(await streams.next()).end(Status(code: .unauthenticated, message: "token expired"))
        #expect(try await events.next().map(describe) == "reconnecting 1 0s UNAUTHENTICATED")
        #expect(transport.discardedConnections == 1)
        _ = try #require(await streams.next())
    }

    @Test func aTargetRemovedWithACauseEndsTheListenerWithItsStatus() async throws {
        let transport = ScriptedTransport()
        var events = Events(scriptedSession(transport))
        var streams = transport.newStreams.makeAsyncIterator()
        try #require(await streams.next()).push(
            .target(TargetChange(kind: .add, targetIDs: [1])),
            .target(
                TargetChange(kind: .remove, targetIDs: [1], cause: .init(code: 3, message: "Invalid property path")))
        )
        await #expect(throws: FirestoreErrorCode(.invalidArgument, message: "Invalid property path")) {
            while try await events.next() != nil {}
        }
    }

    @Test func aProtocolViolationEndsTheListenerWithInternal() async throws {
        let transport = ScriptedTransport()
        var events = Events(scriptedSession(transport))
        var streams = transport.newStreams.makeAsyncIterator()
        try #require(await streams.next()).push(.target(TargetChange(kind: .add, targetIDs: [9])))
        do {
            while try await events.next() != nil {}
            Issue.record("the session did not fail")
        } catch let error as FirestoreErrorCode {
            let status = error.status
            #expect(status.code == .internal)
        }
    }

    @Test func aRefusedResumeTokenIsDroppedOnceAndTheDifferenceReported() async throws {
        let transport = ScriptedTransport()
        var events = Events(scriptedSession(transport))
        var streams = transport.newStreams.makeAsyncIterator()
        let first = try #require(await streams.next())
        first.push(
            contentsOf: ServerScript.listen(
                [ServerScript.document("d1", updated: 2), ServerScript.document("d2", updated: 2)],
                token: 7,
                time: 10
            )
        )
        #expect(changes(try await events.snapshot()) == ["added d1 -1 0", "added d2 -1 1"])
        first.end(Status(code: .unavailable, message: "gone"))
        let second = try #require(await streams.next())
        second.push(
            .target(TargetChange(kind: .remove, targetIDs: [1], cause: .init(code: 9, message: "token too old"))))
        let third = try #require(await streams.next())
        try await waitUntil("the third stream's AddTarget") { !third.sent.isEmpty }
        #expect(third.sent == [.add(ListenTarget(id: 1, spec: ServerScript.target.spec))])
        third.push(
            contentsOf: ServerScript.listen(
                [ServerScript.document("d2", updated: 5), ServerScript.document("d3", updated: 5)],
                token: 9,
                time: 20
            )
        )
        let snapshot = try await events.snapshot()
        #expect(snapshot?.initial == false)
        #expect(changes(snapshot) == ["removed d1 0 -1", "added d3 -1 1", "modified d2 0 0"])
    }

    @Test func aSilentConnectionIsPresumedDeadAndReopened() async throws {
        let transport = ScriptedTransport()
        var events = Events(
            scriptedSession(transport) {
                $0.probeAfter = .seconds(1)
                $0.responseTimeout = .seconds(1)
            }
        )
        var streams = transport.newStreams.makeAsyncIterator()
        _ = try #require(await streams.next())
        let event = try await events.next(timeout: .seconds(10))
        guard case .reconnecting(_, _, let status) = event else {
            Issue.record("expected reconnecting, got \(String(describing: event))")
            return
        }
        #expect(status.code == .unavailable)
        #expect(status.message.contains("presumed dead"))
        #expect(transport.discardedConnections == 1)
    }

    @Test func aWaitFromEarlierStreamsNeverCondemnsANewOne() async throws {
        let transport = ScriptedTransport { stream, request in
            if case .add(let target) = request, stream.index >= 2 {
                stream.push(.target(TargetChange(kind: .add, targetIDs: [target.id])))
            }
        }
        var events = Events(
            scriptedSession(transport) {
                $0.responseTimeout = .milliseconds(1500)
                $0.probeAfter = .seconds(30)
            }
        )
        var streams = transport.newStreams.makeAsyncIterator()
        try #require(await streams.next()).end(Status(code: .unavailable, message: "refused"))
        try #require(await streams.next()).end(Status(code: .unavailable, message: "refused"))
        _ = try #require(await streams.next())
        var sawListening = false
        while let event = try await events.next() {
            if case .listening = event {
                sawListening = true
                break
            }
        }
        #expect(sawListening)
        try await Task.sleep(for: .seconds(3))
        #expect(transport.streams.count == 3, "the answered stream was kept")
        #expect(transport.discardedConnections == 0)
    }

    @Test func anIdleButHealthyStreamIsProbedAndKept() async throws {
        let transport = ScriptedTransport { stream, request in
            switch request {
            case .add(let target) where target.id != 1:
                guard case .documents(let names) = target.spec else { return }
                stream.push(
                    .target(TargetChange(kind: .add, targetIDs: [target.id])),
                    .delete(name: names[0], removedTargetIDs: [target.id], readTime: nil),
                    .target(
                        TargetChange(
                            kind: .current, targetIDs: [target.id], resumeToken: [1], readTime: Timestamp(seconds: 50))),
                    .target(TargetChange(kind: .noChange, resumeToken: [1], readTime: Timestamp(seconds: 50)))
                )
            case .remove(let id):
                stream.push(.target(TargetChange(kind: .remove, targetIDs: [id])))
            default: break
            }
        }
        let session = scriptedSession(transport) {
            $0.probeAfter = .milliseconds(500)
            $0.responseTimeout = .seconds(2)
        }
        var events = Events(session)
        var streams = transport.newStreams.makeAsyncIterator()
        let stream = try #require(await streams.next())
        stream.push(contentsOf: ServerScript.listen([], token: 1, time: 10))
        _ = try await events.snapshot()
        try await Task.sleep(for: .seconds(5))
        #expect(transport.streams.count == 1)
        let probes = stream.sent.filter { if case .add(let target) = $0 { target.id != 1 } else { false } }
        #expect(probes.count >= 2)
        stream.push(contentsOf: [
            .document(ServerScript.document("d1", updated: 60), targetIDs: [1], removedTargetIDs: []),
            .target(TargetChange(kind: .noChange, resumeToken: [2], readTime: Timestamp(seconds: 60))),
        ])
        #expect(changes(try await events.snapshot()) == ["added d1 -1 0"])
    }

    @Test func maxRetryTimeEndsTheListenerWithTheLastStatus() async throws {
        let transport = ScriptedTransport()
        transport.failOpens(100, with: Status(code: .unavailable, message: "connection refused"))
        var events = Events(scriptedSession(transport) { $0.maxRetryTime = .seconds(1) })
        do {
            while try await events.next() != nil {}
            Issue.record("the session did not give up")
        } catch let error as FirestoreErrorCode {
            let status = error.status
            #expect(status.code == .unavailable)
            #expect(status.message.contains("no healthy stream for 1s"))
        }
    }

    private func describe(_ event: ListenEvent) -> String {
        switch event {
        case .listening(let id): "listening \(id)"
        case .current(_, let readTime): "current \(readTime.seconds)"
        case .snapshot(let snapshot, _):
            "snapshot " + snapshot.changes.map { "\($0.kind.rawValue) \($0.document.id)" }.joined(separator: ", ")
        case .reconnecting(let attempt, let delay, let status):
            "reconnecting \(attempt) \(delay.brief) \(status.code.name)"
        case .resumed(let id, let readTime): "resumed \(id) \(readTime.map { String($0.seconds) } ?? "-")"
        case .message: "message"
        }
    }
}

extension ScriptedTransport.Stream {
    func push(contentsOf changes: [WatchChange]) {
        for change in changes { push(change) }
    }
}
