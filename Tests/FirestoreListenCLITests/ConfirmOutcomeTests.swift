import FirestoreListen
import FirestoreWatch
import Testing

@testable import FirestoreListenCLI

/// What `confirm` says of a Commit that got no answer, from the document read back after it.
@Suite struct ConfirmOutcomeTests {
    private let seen = Timestamp(seconds: 1_795_953_600)
    private let later = Timestamp(seconds: 1_795_953_700)

    private func options(ifUpdateTime: Timestamp? = nil, serverTime: [String] = []) -> ConfirmOptions {
        var options = ConfirmOptions()
        options.documentPath = "queue/t1"
        options.fields = [FieldPath(["status"]): .string("completed"), FieldPath(["a", "b"]): .integer(3)]
        options.ifUpdateTime = ifUpdateTime
        options.serverTimeFields = serverTime.map { FieldPath([$0]) }
        return options
    }

    private func document(updated: Timestamp, _ fields: [String: FirestoreValue]) -> Document {
        Document(
            name: "projects/p/databases/(default)/documents/queue/t1", fields: fields, createTime: seen,
            updateTime: updated)
    }

    @Test func anUnchangedDocumentSaysTheWriteHadNotHappened() {
        let line = ConfirmRunner.unknownOutcome(
            of: options(ifUpdateTime: seen), readBack: .success(document(updated: seen, ["status": .string("pending")]))
        )
        #expect(
            line == "the write had not happened when read back: queue/t1 is unchanged (update time \(seen.rfc3339))")
    }

    @Test func fieldsThatHoldTheValuesSayTheWriteWasApplied() {
        let fields: [String: FirestoreValue] = [
            "status": .string("completed"), "a": .map(["b": .integer(3), "c": .null]), "at": .timestamp(later),
        ]
        let applied = ConfirmRunner.unknownOutcome(
            of: options(ifUpdateTime: seen, serverTime: ["at"]), readBack: .success(document(updated: later, fields)))
        #expect(applied == "the write was applied: queue/t1 holds the values set (update time \(later.rfc3339))")
        let inPlace = ConfirmRunner.unknownOutcome(of: options(), readBack: .success(document(updated: later, fields)))
        #expect(inPlace == "the values are in place: queue/t1 holds the values set (update time \(later.rfc3339))")
    }

    @Test func anythingElseMayHaveHappened() {
        let other = document(updated: later, ["status": .string("completed"), "a": .map(["b": .integer(4)])])
        #expect(
            ConfirmRunner.unknownOutcome(of: options(ifUpdateTime: seen), readBack: .success(other))
                == "the write may have happened: queue/t1 now has update time \(later.rfc3339)")
        let noServerTime = document(updated: later, ["status": .string("completed"), "a": .map(["b": .integer(3)])])
        #expect(
            ConfirmRunner.unknownOutcome(of: options(serverTime: ["at"]), readBack: .success(noServerTime))
                == "the write may have happened: queue/t1 now has update time \(later.rfc3339)")
        #expect(
            ConfirmRunner.unknownOutcome(of: options(), readBack: .success(nil))
                == "queue/t1 does not exist now (the write needs it to exist)")
        let failed = ConfirmRunner.unknownOutcome(
            of: options(), readBack: .failure(FirestoreErrorCode(.deadlineExceeded, message: "deadline exceeded")))
        #expect(
            failed
                == "the write may or may not have happened (cannot read queue/t1 back: DEADLINE_EXCEEDED: deadline exceeded)"
        )
    }
}
