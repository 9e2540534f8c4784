import FirestoreListen
import FirestoreWatch

/// Runs `confirm`: one Commit of one guarded update, never retried.
struct ConfirmRunner {
    let options: ConfirmOptions
    let settings: FirestoreSettings

    /// The update that `confirm` sends, and that the standby screen sends for a shown document.
    static func update(for options: ConfirmOptions, settings: FirestoreSettings) -> DocumentUpdate {
        DocumentUpdate(
            name: settings.documentsRoot + "/" + options.documentPath,
            fields: options.fields,
            precondition: options.ifUpdateTime.map { .updateTime($0) } ?? .exists,
            serverTimeFields: options.serverTimeFields
        )
    }

    /// Prints the new update time (or, with `--json`… there is no `--json` for confirm: one plain line).
    /// - Throws: `FirestoreErrorCode` with the server's status.
    func run() async throws {
        let connection = try FirestoreConnection.forCommandLine(settings: settings)
        let result = try await connection.commit(Self.update(for: options, settings: settings))
        guard let updateTime = result.updateTime else {
            throw FirestoreErrorCode(.internal, message: "the Commit returned no update time")
        }
        LineWriter.standardOutput.write(updateTime.rfc3339)
    }
}
