import FirestoreWatch
import Foundation
import Testing

/// Never miss a change: reconnects through a fault proxy, a blackholed connection, kill -9 with `--state`,
/// and an emulator that goes away and comes back. Each runs the built CLI against the real emulator while
/// Google's client writes; the listener's reported view must end equal to a fresh RunQuery.
@Suite(.serialized, .startsProcesses) struct ResilienceTests {
    private let collection = "resilience-" + UUID().uuidString.prefix(8).lowercased()
    private var pending: PeerQuery {
        PeerQuery(collection: collection, filters: [("status", "==", .string("pending"))])
    }

    /// Starts `watch COLLECTION --where status == pending --json`, optionally through `host` (a proxy).
    private func listen(through host: String? = nil, extra: [String] = []) throws -> CLIRun {
        let hostArguments = host.map { ["--host", $0, "--emulator"] } ?? []
        return try CLIRun(
            ["watch", collection, "--where", "status == pending", "--json"] + hostArguments + extra,
            environment: try TestEnvironment.cliEnvironment()
        )
    }

    /// Waits until the lines `lines()` rebuild to exactly what RunQuery returns now; records what differs.
    private func expectConverges(
        _ lines: () -> [String],
        peer: Peer,
        within timeout: Duration = .seconds(30)
    ) async throws {
        try await expectConverges({ [lines()] }, peer: peer, within: timeout)
    }

    /// The same over the lines of several runs of one `--state` file (see `ReportedView(runs:)`).
    private func expectConverges(
        _ runs: () -> [[String]],
        peer: Peer,
        within timeout: Duration = .seconds(30)
    ) async throws {
        let deadline = ContinuousClock.now + timeout
        var view = ReportedView(runs: runs())
        var expected: [Document] = []
        while ContinuousClock.now < deadline {
            expected = try await peer.query(pending)
            view = ReportedView(runs: runs())
            if view.matches(expected) { break }
            try await Task.sleep(for: .milliseconds(500))
        }
        #expect(
            view.matches(expected),
            "reported \(view.documents.sorted { $0.key < $1.key }), expected \(expected.map { "\($0.id) \($0.updateTime.rfc3339)" })"
        )
        #expect(view.violations.isEmpty, "\(view.violations)")
    }

    @Test func thousandWritesWhileTheProxyResetsEveryConnectionEveryFewSeconds() async throws {
        let host = try TestEnvironment.emulatorHost()
        let proxy = try await FaultProxy(upstream: host)
        let writer = try await Peer()
        let reader = try await Peer()
        defer {
            Task {
                await writer.stop(); await reader.stop(); await proxy.stop()
            }
        }
        let run = try listen(through: proxy.address)
        _ = try await run.waitForEvent("current", timeout: .seconds(20))

        let resets = Task {
            var count = 0
            while !Task.isCancelled {
                try await Task.sleep(for: .seconds(2))
                try await proxy.reset()
                count += 1
            }
            return count
        }
        _ = try await writer.randomOps(
            RandomOpsRequest(seed: 20261129, count: 1000, collection: collection, ids: 40, pauseMilliseconds: 15)
        )
        resets.cancel()
        try await expectConverges({ run.stdoutLines }, peer: reader)
        let result = await run.stop()
        let reconnects = try result.events().filter { $0["type"]?.string == "reconnecting" }.count
        let resumes = try result.events().filter { $0["type"]?.string == "resumed" }.count
        #expect(reconnects >= 3, "the proxy's resets were noticed (\(reconnects))")
        #expect(resumes >= 3)
        #expect(result.exitCode == 0)
    }

    /// Each reset of a healthy stream is retried at once (0 s) from its token; the latency is printed for the
    /// README's table (a benchmark's number, not asserted: this machine is noisy).
    @Test func aResetHealthyStreamIsResumedAtOnceEveryTime() async throws {
        let proxy = try await FaultProxy(upstream: try TestEnvironment.emulatorHost())
        defer { Task { await proxy.stop() } }
        let run = try listen(through: proxy.address)
        _ = try await run.waitForEvent("current", timeout: .seconds(20))
        var samples: [Duration] = []
        for _ in 0..<5 {
            let start = ContinuousClock.now
            try await proxy.reset()
            let reconnecting = try await run.waitForEvent("reconnecting", timeout: .seconds(20))
            #expect(reconnecting["attempt"]?.int == 1, "the first attempt after a healthy stream")
            #expect(reconnecting["delayMs"]?.int == 0, "retried at once after a healthy stream")
            let resumed = try await run.waitForEvent("resumed", timeout: .seconds(20))
            #expect(resumed["readTime"]?.string != nil, "resumed from where it was")
            samples.append(ContinuousClock.now - start)
            _ = try await run.waitForEvent("current", timeout: .seconds(20))
        }
        let sorted = samples.sorted()
        print("reconnect latency, proxy reset → resumed: min \(sorted[0]), median \(sorted[2]), max \(sorted[4])")
        #expect(await run.stop().exitCode == 0)
    }

    @Test func aBlackholedConnectionIsNoticedAndEveryChangeMeanwhileReported() async throws {
        let proxy = try await FaultProxy(upstream: try TestEnvironment.emulatorHost())
        let peer = try await Peer()
        defer {
            Task {
                await peer.stop(); await proxy.stop()
            }
        }
        try await peer.set("\(collection)/before", ["status": .string("pending")])
        let run = try listen(through: proxy.address)
        _ = try await run.waitForEvent("current", timeout: .seconds(20))
        try await proxy.setBlackhole(true)
        let blackholed = ContinuousClock.now
        try await peer.set("\(collection)/during", ["status": .string("pending")])
        try await peer.update("\(collection)/before", ["status": .value(.string("done"))])
        let noticed = try await run.waitForEvent("reconnecting", timeout: .seconds(60))
        let detection = ContinuousClock.now - blackholed
        print("blackhole detected after \(detection): \(noticed.text)")
        #expect(detection < .seconds(60))
        try await Task.sleep(until: blackholed + .seconds(60))
        try await proxy.setBlackhole(false)
        _ = try await run.waitForEvent("resumed", timeout: .seconds(30))
        try await expectConverges({ run.stdoutLines }, peer: peer)
        _ = await run.stop()
    }

    @Test func killNineThreeTimesWithAStateFileLosesAndDoublesNothing() async throws {
        let writer = try await Peer()
        let reader = try await Peer()
        defer {
            Task {
                await writer.stop(); await reader.stop()
            }
        }
        let state = FileManager.default.temporaryDirectory.appending(path: "state-\(collection).db")
        defer { try? FileManager.default.removeItem(at: state) }
        var runs: [[String]] = []
        let writes = Task {
            try await writer.randomOps(
                RandomOpsRequest(seed: 7, count: 400, collection: collection, ids: 20, pauseMilliseconds: 20)
            )
        }
        for cycle in 0..<3 {
            let run = try listen(extra: ["--state", state.path])
            _ = try await run.waitForEvent("snapshot", timeout: .seconds(20))
            // Killed at some moment of the writes (not a synchronisation: any moment will do).
            try await Task.sleep(for: .milliseconds(700 + 300 * cycle))
            run.send(signal: SIGKILL)
            _ = try await run.finish(timeout: .seconds(10))
            runs.append(run.stdoutLines)
        }
        _ = try await writes.value
        let last = try listen(extra: ["--state", state.path])
        _ = try await last.waitForEvent("snapshot", timeout: .seconds(20))
        try await expectConverges({ runs + [last.stdoutLines] }, peer: reader)
        let lines = runs.flatMap { $0 }
        let attributes = try FileManager.default.attributesOfItem(atPath: state.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let firsts = try (lines + last.stdoutLines).map(JSONTree.init(parsing:)).filter {
            $0["type"]?.string == "snapshot"
        }
        #expect(firsts.filter { $0["initial"]?.bool == true }.count == 1, "only the very first run is initial")
        _ = await last.stop()
    }

    @Test func onceWithAStateFileThatNothingChangedReportsAnEmptySnapshotAndExits() async throws {
        let peer = try await Peer()
        defer { Task { await peer.stop() } }
        try await peer.set("\(collection)/a", ["status": .string("pending")])
        let state = FileManager.default.temporaryDirectory.appending(path: "once-\(collection).db")
        defer { try? FileManager.default.removeItem(at: state) }
        let first = try await listen(extra: ["--state", state.path, "--once"]).finish(timeout: .seconds(20))
        #expect(first.exitCode == 0)
        let second = try await listen(extra: ["--state", state.path, "--once"]).finish(timeout: .seconds(20))
        #expect(second.exitCode == 0)
        let events = try second.events()
        #expect(events.map { $0["type"]?.string } == ["resumed", "current", "snapshot"])
        #expect(events.last?["initial"]?.bool == false)
        #expect(events.last?["size"]?.int == 1)
        #expect(events.last?["changes"]?.array?.isEmpty == true)
    }

    @Test func aStateFileOfAnotherQueryIsRefusedAndKeptIntact() async throws {
        let state = FileManager.default.temporaryDirectory.appending(path: "other-\(collection).db")
        defer { try? FileManager.default.removeItem(at: state) }
        let first = try await listen(extra: ["--state", state.path, "--once"]).finish(timeout: .seconds(20))
        #expect(first.exitCode == 0)
        let before = try Data(contentsOf: state)
        let other = try await CLIRun(
            ["watch", collection, "--where", "status == done", "--json", "--state", state.path],
            environment: try TestEnvironment.cliEnvironment()
        ).finish(timeout: .seconds(20))
        #expect(other.exitCode == 1)
        #expect(other.stderr.contains("belongs to another query"))
        #expect(try Data(contentsOf: state) == before)
        let corrupt = FileManager.default.temporaryDirectory.appending(path: "corrupt-\(collection).db")
        defer { try? FileManager.default.removeItem(at: corrupt) }
        try Data(repeating: 7, count: 4096).write(to: corrupt)
        let broken = try await listen(extra: ["--state", corrupt.path]).finish(timeout: .seconds(20))
        #expect(broken.exitCode == 1)
        #expect(broken.stderr.split(separator: "\n").count == 1)
    }
}
