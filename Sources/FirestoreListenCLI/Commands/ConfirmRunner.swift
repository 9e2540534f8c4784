import FirestoreListen
import FirestoreWatch

/// Runs `confirm`: one Commit of one guarded update, never retried.
///
/// Its failures are said in the user's terms, with the gRPC status kept: `NOT_FOUND: not found: queue/t1`,
/// `FAILED_PRECONDITION: changed since T (now U): queue/t1`. A call that ends without an answer (SIGINT,
/// SIGTERM, its deadline) has an unknown outcome: the document is read back, with a short deadline, to say
/// what it holds now.
struct ConfirmRunner {
    let options: ConfirmOptions
    let settings: FirestoreSettings

    /// How long the read-back after an unknown outcome may take: the user is waiting for the program to end.
    static let readBackTimeout = Duration.seconds(10)

    /// The update that `confirm` sends, and that the standby screen sends for a shown document.
    static func update(for options: ConfirmOptions, settings: FirestoreSettings) -> DocumentUpdate {
        DocumentUpdate(
            name: settings.documentsRoot + "/" + options.documentPath,
            fields: options.fields,
            precondition: options.ifUpdateTime.map { .updateTime($0) } ?? .exists,
            serverTimeFields: options.serverTimeFields
        )
    }

    /// Prints the new update time (one plain line).
    /// - Throws: `CancellationError` when cancelled before the Commit was sent; `FirestoreErrorCode` with
    ///   the server's status otherwise, its message in the user's terms.
    func run() async throws {
        let connection = try FirestoreConnection.forCommandLine(settings: settings)
        try Task.checkCancellation()
        let result: CommitResult
        do {
            result = try await connection.commit(Self.update(for: options, settings: settings))
        } catch {
            throw await explained(error, connection: connection)
        }
        guard let updateTime = result.updateTime else {
            throw FirestoreErrorCode(.internal, message: "the Commit returned no update time")
        }
        LineWriter.standardOutput.write(updateTime.rfc3339)
    }

    /// `error` with a message that says what happened, reading the document back where that tells more.
    private func explained(_ error: FirestoreErrorCode, connection: FirestoreConnection) async -> FirestoreErrorCode {
        let path = options.documentPath
        switch error.code {
        case .notFound:
            return FirestoreErrorCode(.notFound, message: "not found: \(path)")
        case .failedPrecondition:
            guard let seen = options.ifUpdateTime else { return error }
            let message: String
            switch await readBack(connection) {
            case .success(let document?):
                message = "changed since \(seen.rfc3339) (now \(document.updateTime.rfc3339)): \(path)"
            case .success(nil):
                message = "deleted since \(seen.rfc3339): \(path)"
            case .failure(let failure):
                message = "changed since \(seen.rfc3339): \(path) (cannot read it back: \(failure))"
            }
            return FirestoreErrorCode(.failedPrecondition, message: message)
        case .cancelled, .deadlineExceeded:
            let reason = error.code == .cancelled ? "interrupted" : "no answer in time"
            let outcome = Self.unknownOutcome(of: options, readBack: await readBack(connection))
            return FirestoreErrorCode(error.code, message: "\(reason): \(outcome)")
        default:
            return error
        }
    }

    /// The document now, read on a fresh connection (the old one may be what hangs) by a task of its own (the
    /// run's task may be cancelled), within `readBackTimeout`.
    private func readBack(_ connection: FirestoreConnection) async -> Result<Document?, FirestoreErrorCode> {
        let name = settings.documentsRoot + "/" + options.documentPath
        let timeout = Self.readBackTimeout
        return await Task {
            connection.discardConnection()
            do throws(FirestoreErrorCode) {
                return .success(try await connection.getDocument(name: name, timeout: timeout))
            } catch {
                return .failure(error)
            }
        }.value
    }

    /// What is known of a Commit that got no answer, from the document read back after it: one line.
    static func unknownOutcome(of options: ConfirmOptions, readBack: Result<Document?, FirestoreErrorCode>)
        -> String
    {
        let path = options.documentPath
        switch readBack {
        case .failure(let error):
            return "the write may or may not have happened (cannot read \(path) back: \(error))"
        case .success(nil):
            return "\(path) does not exist now (the write needs it to exist)"
        case .success(let document?):
            let now = document.updateTime.rfc3339
            if let seen = options.ifUpdateTime, document.updateTime == seen {
                return "the write had not happened when read back: \(path) is unchanged (update time \(now))"
            }
            if holdsTheValues(document, options) {
                // Without a time seen before, the values may have been there already.
                let what = options.ifUpdateTime == nil ? "the values are in place" : "the write was applied"
                return "\(what): \(path) holds the values set (update time \(now))"
            }
            return "the write may have happened: \(path) now has update time \(now)"
        }
    }

    /// Whether every field set holds its value, and every server-time field the document's update time (a
    /// transform's time is the commit's).
    private static func holdsTheValues(_ document: Document, _ options: ConfirmOptions) -> Bool {
        let root = FirestoreValue.map(document.fields)
        return options.fields.allSatisfy { root.value(at: $0.key) == $0.value }
            && options.serverTimeFields.allSatisfy { root.value(at: $0) == .timestamp(document.updateTime) }
    }
}

extension FirestoreValue {
    /// The value at `path` inside maps; nil where there is none.
    fileprivate func value(at path: FieldPath) -> FirestoreValue? {
        var current = self
        for segment in path.segments {
            guard case .map(let fields) = current, let next = fields[segment] else { return nil }
            current = next
        }
        return current
    }
}
