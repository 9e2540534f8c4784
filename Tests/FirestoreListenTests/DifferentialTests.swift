import FirestoreWatch
import Foundation
import Testing

/// Our snapshots against the server's own answer: Google's client makes seeded random writes (creates,
/// updates, no-op rewrites, deletes, moves in and out of the query) in rounds; at every quiet point the
/// listener's latest snapshot must equal a fresh RunQuery (same documents, order and update times), and the
/// changes reported since the previous quiet point must turn the previous result into this one, each one
/// a real write (never a merely re-sent document).
@Suite(.startsProcesses) struct DifferentialTests {
    struct Variant: Sendable, CustomStringConvertible {
        var name: String
        var arguments: [String]
        var filters: [(field: String, op: String, value: FirestoreValue)]
        var orders: [(field: String, descending: Bool)]
        var limit: Int?
        var description: String { name }
    }

    static let variants = [
        Variant(
            name: "where", arguments: ["--where", "status == pending"], filters: [("status", "==", .string("pending"))],
            orders: []),
        Variant(
            name: "where + order desc",
            arguments: ["--where", "status == pending", "--order-by", "n", "desc"],
            filters: [("status", "==", .string("pending"))],
            orders: [("n", true)]
        ),
        Variant(
            name: "order + limit", arguments: ["--order-by", "n", "--limit", "5"], filters: [], orders: [("n", false)],
            limit: 5),
    ]

    /// The last snapshot's documents, in order, as `id@updateTime`.
    private func lastDocuments(_ lines: [String]) -> [String]? {
        for line in lines.reversed() {
            guard let event = try? JSONTree(parsing: line), event["type"]?.string == "snapshot" else { continue }
            return (event["docs"]?.array ?? []).map { "\($0["id"]?.string ?? "?")@\($0["updateTime"]?.string ?? "?")" }
        }
        return nil
    }

    @Test(arguments: variants)
    func snapshotsEqualRunQueryAtEveryQuietPoint(variant: Variant) async throws {
        let collection = "diff-" + UUID().uuidString.prefix(8).lowercased()
        let writer = try await Peer()
        let reader = try await Peer()
        defer {
            Task {
                await writer.stop(); await reader.stop()
            }
        }
        let query = PeerQuery(
            collection: collection, filters: variant.filters, orders: variant.orders, limit: variant.limit)
        let run = try CLIRun(
            ["watch", collection, "--json", "--include-docs"] + variant.arguments,
            environment: try TestEnvironment.cliEnvironment()
        )
        _ = try await run.waitForEvent("current", timeout: .seconds(20))
        var written: [String: Set<String>] = [:]
        var previousLineCount = 0
        var previous = ReportedView(lines: [])
        for round in 0..<8 {
            let ops = try await writer.randomOps(
                RandomOpsRequest(seed: 1000 + round, count: 15, collection: collection, ids: 12)
            )
            for op in ops.ops {
                if let time = op.updateTime {
                    written[op.path.split(separator: "/").last.map(String.init) ?? "", default: []].insert(time.rfc3339)
                }
            }
            let deadline = ContinuousClock.now + .seconds(20)
            var expected: [String] = []
            while true {
                expected = try await reader.query(query).map { "\($0.id)@\($0.updateTime.rfc3339)" }
                if lastDocuments(run.stdoutLines) == expected || ContinuousClock.now > deadline { break }
                try await Task.sleep(for: .milliseconds(300))
            }
            let lines = run.stdoutLines
            #expect(lastDocuments(lines) == expected, "round \(round): our latest snapshot differs from RunQuery")
            let view = ReportedView(lines: lines)
            #expect(view.violations.isEmpty, "round \(round): \(view.violations)")
            for line in lines[previousLineCount...] {
                guard let event = try? JSONTree(parsing: line), event["type"]?.string == "snapshot" else { continue }
                for change in event["changes"]?.array ?? [] where change["kind"]?.string != "removed" {
                    let id = change["id"]?.string ?? "?"
                    let time = change["updateTime"]?.string ?? "?"
                    #expect(written[id]?.contains(time) == true, "\(id) reported at \(time), which no write produced")
                }
            }
            #expect(Set(view.documents.map { "\($0.key)@\($0.value)" }) == Set(expected))
            previous = view
            previousLineCount = lines.count
        }
        #expect(previous.snapshots >= 8)
        _ = await run.stop()
    }
}
