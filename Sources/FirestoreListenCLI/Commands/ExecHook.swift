import FirestoreWatch
internal import Foundation

/// `--exec COMMAND`: runs COMMAND through `/bin/sh -c` once per change, in order, with the change as JSON on
/// its standard input and `FIRESTORE_DOC_ID`, `FIRESTORE_DOC_PATH`, `FIRESTORE_CHANGE` in its environment.
/// Its standard output goes to our standard error. A failure is reported there and never stops the listener.
struct ExecHook: Sendable {
    let command: String
    /// `projects/P/databases/D/documents/`, stripped from names to give `FIRESTORE_DOC_PATH`.
    let documentsRoot: String

    func run(for change: DocumentViewChange) async {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        var environment = ProcessInfo.processInfo.environment
        environment["FIRESTORE_DOC_ID"] = change.document.id
        environment["FIRESTORE_DOC_PATH"] =
            change.document.name.hasPrefix(documentsRoot)
            ? String(change.document.name.dropFirst(documentsRoot.count)) : change.document.name
        environment["FIRESTORE_CHANGE"] = change.kind.rawValue
        process.environment = environment
        let input = Pipe()
        process.standardInput = input
        // Standard output belongs to the events (`--json`: nothing else may go there); what the command
        // prints goes to standard error, which a terminal shows all the same.
        process.standardOutput = FileHandle.standardError
        let finished = AsyncStream<String?>.makeStream()
        process.terminationHandler = { process in
            let signaled = process.terminationReason == .uncaughtSignal
            let status = process.terminationStatus
            finished.continuation.yield(
                signaled ? "was killed by signal \(status)" : status == 0 ? nil : "exited with status \(status)")
            finished.continuation.finish()
        }
        do {
            try await Self.launch(process)
        } catch {
            LineWriter.standardError.write("firestore-listen: --exec could not start /bin/sh: \(error)")
            return
        }
        try? input.fileHandleForWriting.write(contentsOf: Data((change.json.serialized + "\n").utf8))
        try? input.fileHandleForWriting.close()
        var failure: String? = "ended unseen"
        for await outcome in finished.stream { failure = outcome }
        if let failure {
            LineWriter.standardError.write(
                "firestore-listen: --exec \(failure) for \(change.kind.rawValue) \(change.document.id)")
        }
    }

    /// Starts `process` from a new thread with an empty signal mask: a child inherits the mask of the thread
    /// that spawns it, and Swift's concurrency threads block nearly every signal, so a command started from
    /// one of them could never be interrupted.
    static func launch(_ process: Process) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            let thread = Thread {
                var nothing = sigset_t()
                sigemptyset(&nothing)
                pthread_sigmask(SIG_SETMASK, &nothing, nil)
                continuation.resume(with: Result { try process.run() })
            }
            thread.name = "exec-spawn"
            thread.start()
        }
    }
}
