import Foundation
import Testing

/// Google's 14 listen conformance tests, end to end: the replay server plays each test's responses to the
/// built `firestore-listen watch C --order-by a --json --include-docs`, and every snapshot line must equal
/// the test's expected snapshot; an `isError` test must end with an `error` line and exit 1.
@Suite("conformance, end to end", .startsProcesses)
struct ConformanceEndToEndTests {
    /// An empty fixture directory would make the test below run zero cases and pass; fail instead.
    @Test func allFourteenTestFilesArePresent() {
        #expect(TestEnvironment.conformanceFiles.count == 14)
    }

    @Test(arguments: TestEnvironment.conformanceFiles)
    func printsTheExpectedSnapshots(file: URL) async throws {
        let (expected, isError) = try ConformanceSnapshot.expectations(of: file)
        let server = try await ReplayServer.start(conformance: file)
        let run = try CLIRun([
            "watch", "C", "--order-by", "a", "--json", "--include-docs",
            "--host", server.address, "--project", "projectID", "--insecure",
        ])

        if isError {
            let result = try await run.finish(timeout: .seconds(15))
            let events = try result.events()
            #expect(result.exitCode == 1, "stderr: \(result.stderr)")
            #expect(events.last?["type"] == "error")
            #expect(events.last?["code"]?.string != nil)
            #expect(!events.contains { $0["type"] == "snapshot" })
        } else {
            for (index, snapshot) in expected.enumerated() {
                let line = try await run.waitForEvent("snapshot", timeout: .seconds(15))
                #expect(try ConformanceSnapshot(line: line) == snapshot, "snapshot \(index)")
                #expect(line["initial"]?.bool == (index == 0), "snapshot \(index)")
            }
            try await Task.sleep(for: .milliseconds(300))  // time for a wrong extra snapshot to show up
            let result = await run.stop()
            #expect(result.exitCode == 0, "stderr: \(result.stderr)")
            let snapshots = try result.events().filter { $0["type"] == "snapshot" }
            #expect(snapshots.count == expected.count)
        }

        let database = "projects/projectID/databases/(default)"
        let metadata = try await server.waitForLog { $0["event"] == "metadata" }
        #expect(metadata["metadata"]?["google-cloud-resource-prefix"]?.string == database)
        let request = try #require(try server.requests().first?.request)
        #expect(request["database"]?.string == database)
        let query = request["addTarget"]?["query"]
        #expect(query?["parent"]?.string == database + "/documents")
        #expect(query?["structuredQuery"]?["from"] == [["collectionId": "C"]])
        #expect(query?["structuredQuery"]?["orderBy"]?.array?.first?["field"] == ["fieldPath": "a"])
        await server.stop()
    }
}
