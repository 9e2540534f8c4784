import FirestoreListen
import FirestoreWatch
internal import Foundation
import Synchronization

/// `work --exec COMMAND`: runs COMMAND through `/bin/sh -c` for one document, with the document as JSON on
/// its standard input (an entry of `changes`: `kind` is `added` the first time this worker runs it for the
/// document, `modified` after; `oldIndex` and `newIndex` are -1, a queue has no positions) and
/// `FIRESTORE_DOC_ID`, `FIRESTORE_DOC_PATH`, `FIRESTORE_UPDATE_TIME` in its environment. Its standard output
/// goes to our standard error. Started with an empty signal mask, as `--exec`'s commands are.
///
/// Cancelling the calling task (the worker's `--exec-timeout`) kills the command.
final class WorkCommand: Sendable {
    let command: String
    /// `projects/P/databases/D/documents/`, stripped from names to give `FIRESTORE_DOC_PATH`.
    let documentsRoot: String
    private let seen = Mutex<Set<String>>([])

    init(command: String, documentsRoot: String) {
        self.command = command
        self.documentsRoot = documentsRoot
    }

    /// How a command ended, when not with status 0.
    struct Failure: Error, CustomStringConvertible {
        /// The exit status, or the signal that killed it.
        enum Ending: Hashable {
            case exited(Int32)
            case signaled(Int32)
            case notStarted(String)
        }

        let ending: Ending

        var description: String {
            switch ending {
            case .exited(let status): "exited with status \(status)"
            case .signaled(let signal): "was killed by signal \(signal)"
            case .notStarted(let reason): "could not start /bin/sh: \(reason)"
            }
        }
    }

    /// Runs the command for `document`. Throws `Failure` unless it exits 0.
    func run(for document: QueryDocumentSnapshot) async throws {
        let first = seen.withLock { $0.insert(document.reference.path).inserted }
        let name = documentsRoot + document.reference.path
        let input = JSONValue.object([
            ("kind", .string(first ? "added" : "modified")), ("id", .string(document.documentID)),
            ("name", .string(name)), ("oldIndex", .integer(-1)), ("newIndex", .integer(-1)),
            ("createTime", .string(document.createTime.rfc3339)),
            ("updateTime", .string(document.updateTime.rfc3339)),
            ("fields", FirestoreValue.json(document.document.fields)),
        ])
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        var environment = ProcessInfo.processInfo.environment
        environment["FIRESTORE_DOC_ID"] = document.documentID
        environment["FIRESTORE_DOC_PATH"] = document.reference.path
        environment["FIRESTORE_UPDATE_TIME"] = document.updateTime.rfc3339
        process.environment = environment
        let pipe = Pipe()
        process.standardInput = pipe
        process.standardOutput = FileHandle.standardError
        let finished = AsyncStream<Failure.Ending?>.makeStream()
        process.terminationHandler = { process in
            let status = process.terminationStatus
            finished.continuation.yield(
                process.terminationReason == .uncaughtSignal
                    ? .signaled(status) : status == 0 ? nil : .exited(status))
            finished.continuation.finish()
        }
        do {
            try await ExecHook.launch(process)
        } catch {
            throw Failure(ending: .notStarted("\(error)"))
        }
        let pid = process.processIdentifier
        try? pipe.fileHandleForWriting.write(contentsOf: Data((input.serialized + "\n").utf8))
        try? pipe.fileHandleForWriting.close()
        var ending: Failure.Ending? = .signaled(SIGKILL)
        await withTaskCancellationHandler {
            for await outcome in finished.stream { ending = outcome }
        } onCancel: {
            kill(pid, SIGKILL)
        }
        if let ending { throw Failure(ending: ending) }
    }
}
