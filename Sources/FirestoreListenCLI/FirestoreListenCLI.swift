import FirestoreListen
internal import Foundation

/// The command-line program: parse, resolve, run, and map the outcome to an exit status.
public enum FirestoreListenCLI {
    /// Runs the program with argv (without the program name) and the environment; returns the exit status:
    /// 0 on a clean stop, 1 on a failure (its gRPC status name is printed), 2 on bad usage.
    /// Cancelling the calling task (SIGINT, SIGTERM) is a clean stop of `watch`; a `confirm` whose Commit was
    /// sent has an unknown outcome then, a failure (1).
    public static func run(arguments: [String], environment: [String: String]) async -> Int32 {
        let command: Command
        do {
            command = try Command.parse(arguments)
        } catch {
            LineWriter.standardError.write(error.description)
            return 2
        }
        var json = false
        var cancelIsCleanStop = true
        do {
            switch command {
            case .help(let text):
                LineWriter.standardOutput.write(text)
            case .watch(let options):
                json = options.json
                let resolved = try options.connection.resolve(environment: environment, subcommand: "watch")
                warn(resolved.warnings)
                try await WatchRunner(options: options, settings: resolved.settings).run()
            case .confirm(let options):
                cancelIsCleanStop = false
                let resolved = try options.connection.resolve(environment: environment, subcommand: "confirm")
                warn(resolved.warnings)
                try await ConfirmRunner(options: options, settings: resolved.settings).run()
            case .work(let options):
                json = options.json
                let resolved = try options.connection.resolve(environment: environment, subcommand: "work")
                warn(resolved.warnings)
                try await WorkRunner(options: options, settings: resolved.settings).run()
            }
            return 0
        } catch let error as UsageError {
            LineWriter.standardError.write(error.description)
            return 2
        } catch is CancellationError {
            return 0
        } catch let error as FirestoreErrorCode {
            report(error, json: json)
            return cancelIsCleanStop && error.code == .cancelled && Task.isCancelled ? 0 : 1
        } catch {
            report(FirestoreErrorCode(.unknown, message: "\(error)"), json: json)
            return 1
        }
    }

    private static func warn(_ warnings: [String]) {
        for warning in warnings { LineWriter.standardError.write("firestore-listen: warning: \(warning)") }
    }

    /// Prints the failure: the `error` line with `--json`, and always one line on standard error (server
    /// messages can span lines; they are joined).
    private static func report(_ status: FirestoreErrorCode, json: Bool) {
        if json { LineWriter.standardOutput.write(status.json.serialized) }
        let message = status.message.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        // Never an empty reason (a line ending in ': '): a message of spaces says the code in words.
        let reason = message.isEmpty ? status.code.name.lowercased().replacing("_", with: " ") : message
        LineWriter.standardError.write("firestore-listen: \(status.code.name): \(reason)")
    }
}
