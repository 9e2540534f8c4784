import FirestoreListen
import FirestoreWatch
import Testing

@testable import FirestoreListenCLI

@Suite struct WorkParsingTests {
    private func work(_ arguments: [String]) throws -> WorkCommandOptions {
        guard case .work(let options) = try Command.parse(["work"] + arguments) else {
            Issue.record("not a work command")
            return WorkCommandOptions()
        }
        return options
    }

    private func usageError(_ arguments: [String]) -> String? {
        do {
            _ = try Command.parse(["work"] + arguments)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func parsesAFullWorkCommandLine() throws {
        let options = try work([
            "orders", "--where", "status==pending", "--order-by", "n", "--exec", "cat", "--set", "status=done",
            "--server-time", "doneAt", "--claim", "w1", "--claim-timeout", "2m", "--claim-fields", "owner,ownedAt",
            "--max-attempts", "5", "--on-failure", "status=failed", "--concurrency", "4", "--exec-timeout", "30s",
            "--state", "w.state", "--json",
        ])
        #expect(options.collectionPath == "orders" && options.exec == "cat" && options.json)
        #expect(options.filters == [QueryFilter(field: FieldPath(["status"]), op: .equal, value: .string("pending"))])
        #expect(options.fields == [FieldPath(["status"]): .string("done")])
        #expect(options.serverTimeFields == [FieldPath(["doneAt"])])
        #expect(options.workerID == "w1" && options.claimTimeout == .seconds(120))
        #expect(options.claimedByField == FieldPath(["owner"]) && options.claimedAtField == FieldPath(["ownedAt"]))
        #expect(options.maxAttempts == 5 && options.concurrency == 4 && options.execTimeout == .seconds(30))
        #expect(options.failureFields == [FieldPath(["status"]): .string("failed")])
        #expect(options.statePath == "w.state")
    }

    @Test func theDefaultsAreTheIssues() throws {
        let options = try work(["queue", "--exec", "true"])
        #expect(options.fields == [FieldPath(["status"]): .string("completed")])
        #expect(options.workerID == nil && options.claimTimeout == .seconds(300) && options.maxAttempts == 3)
        #expect(options.concurrency == 1 && options.execTimeout == nil && options.failureFields.isEmpty)
        let work = WorkRunner.workOptions(options)
        #expect(work.claim == nil && work.maxAttempts == 3 && work.concurrency == 1)
    }

    @Test(arguments: [
        (["queue"], "Error: Missing expected option '--exec <command>'"),
        (["--exec", "true"], "Error: Missing expected argument '<collection-path>'"),
        (["queue/d1", "--exec", "true"], "Error: 'queue/d1' is not a collection path"),
        (["queue", "--exec", " "], "Error: The value ' ' is invalid for '--exec <command>' (an empty command)"),
        (
            ["queue", "--exec", "true", "--claim-timeout", "1m"],
            "Error: --claim-timeout and --claim-fields need --claim"
        ),
        (["queue", "--exec", "true", "--concurrency", "0"], "Error: The value '0' is invalid for '--concurrency <n>'"),
        (
            ["queue", "--exec", "true", "--max-attempts", "x"],
            "Error: The value 'x' is invalid for '--max-attempts <n>'"
        ),
        (
            ["queue", "--exec", "true", "--exec-timeout", "-1s"],
            "Error: The value '-1s' is invalid for '--exec-timeout"
        ),
        (
            ["queue", "--exec", "true", "--claim", "w", "--claim-fields", "a"],
            "Error: The value 'a' is invalid for '--claim-fields"
        ),
        (["queue", "--exec", "true", "--claim", "w", "--set", "claimedBy=x"], "Error: --claim-fields (also written"),
        (
            ["queue", "--exec", "true", "--on-failure", "a=1", "--on-failure", "a=2"],
            "Error: --on-failure: 'a' is given twice"
        ),
    ])
    func badUsageIsOneLine(arguments: [String], expected: String) {
        let message = usageError(arguments)
        #expect(message?.hasPrefix(expected) == true, "\(message ?? "parsed")")
        #expect(message?.contains("See 'firestore-listen work --help'") == true)
    }

    @Test func helpHasExamples() throws {
        guard case .help(let text) = try Command.parse(["help", "work"]) else {
            Issue.record("no help")
            return
        }
        #expect(text.contains("EXAMPLES:") && text.contains("--claim <worker-id>"))
        guard case .help(let overview) = try Command.parse(["--help"]) else { return }
        #expect(overview.contains("work "))
    }
}
