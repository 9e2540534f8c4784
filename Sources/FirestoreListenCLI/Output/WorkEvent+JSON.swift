import FirestoreListen
import FirestoreWatch

extension WorkEvent {
    /// The `--json` line of this event.
    var json: JSONValue {
        var members: [(String, JSONValue)] = [
            ("type", .string(type)), ("id", .string(document.documentID)),
            ("name", .string(document.firestore.settings.documentsRoot + "/" + document.path)),
            ("updateTime", updateTime.map { .string($0.rfc3339) } ?? .null),
        ]
        switch kind {
        case .claimed(let previous):
            if let previous { members.append(("takenOverFrom", .string(previous))) }
        case .processed(let attempt, let duration, let error):
            members += [("attempt", .integer(Int64(attempt))), ("ok", .bool(error == nil))]
            members += Self.ending(error)
            members.append(("durationMs", .integer(duration.milliseconds)))
        case .confirmed(let commitTime):
            members.append(("commitTime", .string(commitTime.rfc3339)))
        case .skipped(let reason):
            switch reason {
            case .claimedElsewhere(let holder, let staleAt):
                members += [
                    ("reason", .string("claimed")), ("claimedBy", .string(holder)),
                    ("staleAt", .string(staleAt.rfc3339)),
                ]
            case .changed: members.append(("reason", .string("changed")))
            case .deleted: members.append(("reason", .string("deleted")))
            }
        case .failed(let attempts, let error):
            members += [("attempts", .integer(Int64(attempts))), ("message", .string("\(error)"))]
            members += Self.ending(error)
        case .released:
            break
        case .writeFailed(let write, let error):
            members += [
                ("write", .string(write.rawValue)), ("code", .string(error.code.name)),
                ("message", .string(error.message)),
            ]
        }
        return .object(members)
    }

    /// The plain-text line of this event (without `--json`).
    var text: String {
        let subject = "\(document.path) (\(updateTime?.rfc3339 ?? "-"))"
        switch kind {
        case .claimed(let previous): return "claimed \(subject)" + (previous.map { ", taken over from \($0)" } ?? "")
        case .processed(let attempt, let duration, let error):
            return "processed \(subject): attempt \(attempt), \(error.map { "\($0)" } ?? "ok") in \(duration.brief)"
        case .confirmed: return "confirmed \(subject)"
        case .skipped(.claimedElsewhere(let holder, let staleAt)):
            return "skipped \(subject): claimed by \(holder) until \(staleAt.rfc3339)"
        case .skipped(.changed): return "skipped \(subject): changed"
        case .skipped(.deleted): return "skipped \(subject): deleted"
        case .failed(let attempts, let error): return "failed \(subject) after \(attempts) attempts: \(error)"
        case .released: return "released \(subject)"
        case .writeFailed(let write, let error): return "failed \(subject): the \(write.rawValue) write: \(error)"
        }
    }

    private var type: String {
        switch kind {
        case .claimed: "claimed"
        case .processed: "processed"
        case .confirmed: "confirmed"
        case .skipped: "skipped"
        case .failed, .writeFailed: "failed"
        case .released: "released"
        }
    }

    /// `exitStatus`, `signal` or `timedOut` of a command's failure.
    private static func ending(_ error: (any Error)?) -> [(String, JSONValue)] {
        switch error {
        case nil: [("exitStatus", .integer(0))]
        case let failure as WorkCommand.Failure:
            switch failure.ending {
            case .exited(let status): [("exitStatus", .integer(Int64(status)))]
            case .signaled(let signal): [("exitStatus", .null), ("signal", .integer(Int64(signal)))]
            case .notStarted: [("exitStatus", .null)]
            }
        case is WorkAttemptTimeout: [("exitStatus", .null), ("timedOut", .bool(true))]
        default: [("exitStatus", .null)]
        }
    }
}

extension WorkSummary {
    /// The `summary` line.
    var json: JSONValue {
        .object([
            ("type", .string("summary")), ("claimed", .integer(Int64(claimed))),
            ("processed", .integer(Int64(processed))), ("confirmed", .integer(Int64(confirmed))),
            ("failed", .integer(Int64(failed))), ("skipped", .integer(Int64(skipped))),
        ])
    }

    var text: String {
        "stopped: \(confirmed) confirmed, \(failed) failed, \(skipped) skipped, \(processed) runs, \(claimed) claims"
    }
}
