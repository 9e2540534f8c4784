import FirestoreWatch

extension Command {
    static func parseWork(_ arguments: [String]) throws(UsageError) -> WorkCommandOptions {
        let table: [ArgumentScanner.Option] =
            connectionOptions + [
                .init(name: "--where", valueName: "FIELD OP VALUE"),
                .init(name: "--order-by", valueName: "field", trailingWords: ["asc", "desc"]),
                .init(name: "--exec", valueName: "command"), .init(name: "--set", valueName: "FIELD=VALUE"),
                .init(name: "--server-time", valueName: "field"), .init(name: "--claim", valueName: "worker-id"),
                .init(name: "--claim-timeout", valueName: "duration"),
                .init(name: "--claim-fields", valueName: "by,at"), .init(name: "--max-attempts", valueName: "n"),
                .init(name: "--on-failure", valueName: "FIELD=VALUE"), .init(name: "--concurrency", valueName: "n"),
                .init(name: "--exec-timeout", valueName: "duration"), .init(name: "--state", valueName: "file"),
                .init(name: "--reset-state"), .init(name: "--json"),
            ]
        let subcommand = "work"
        let scanner = try ArgumentScanner(arguments, options: table, subcommand: subcommand)
        var options = WorkCommandOptions()
        options.connection = try connection(scanner, subcommand)
        guard scanner.positionals.count == 1, let path = scanner.positionals.first else {
            throw UsageError(
                scanner.positionals.isEmpty
                    ? "Missing expected argument '<collection-path>'"
                    : "Unexpected argument '\(scanner.positionals[1])'",
                subcommand: subcommand
            )
        }
        guard case .collection(let path) = try validated(.collection(path), subcommand: subcommand) else {
            preconditionFailure("a collection stays a collection")
        }
        options.collectionPath = path
        for clause in scanner.values("--where") { options.filters.append(try QueryFilter(parsing: clause)) }
        for order in scanner.values("--order-by") {
            options.orders.append(try parseOrder(order, subcommand: subcommand))
        }
        guard let exec = scanner.value("--exec") else {
            throw UsageError("Missing expected option '--exec <command>'", subcommand: subcommand)
        }
        guard !exec.allSatisfy(\.isWhitespace) else {
            throw UsageError(
                "The value '\(exec)' is invalid for '--exec <command>' (an empty command)", subcommand: subcommand)
        }
        options.exec = exec
        (options.fields, options.serverTimeFields) = try confirmFields(scanner, subcommand: subcommand)
        for assignment in scanner.values("--on-failure") {
            let (field, value) = try parseAssignment(assignment, flag: "--on-failure", subcommand: subcommand)
            try checkNoOverlap(
                field, with: Array(options.failureFields.keys), what: "--on-failure", subcommand: subcommand)
            options.failureFields[field] = value
        }
        try parseClaim(scanner, into: &options)
        options.maxAttempts = try positiveInteger(scanner, "--max-attempts", default: 3)
        options.concurrency = try positiveInteger(scanner, "--concurrency", default: 1)
        if let text = scanner.value("--exec-timeout") {
            options.execTimeout = try duration(text, flag: "--exec-timeout")
        }
        options.statePath = scanner.value("--state")
        options.resetState = scanner.has("--reset-state")
        if options.resetState, options.statePath == nil {
            throw UsageError("--reset-state needs --state <file>", subcommand: subcommand)
        }
        options.json = scanner.has("--json")
        return options
    }

    /// `--claim`, `--claim-timeout` and `--claim-fields`; the claim fields may be named by no other write.
    private static func parseClaim(_ scanner: ArgumentScanner, into options: inout WorkCommandOptions)
        throws(UsageError)
    {
        let subcommand = "work"
        options.workerID = scanner.value("--claim")
        if let id = options.workerID, id.allSatisfy(\.isWhitespace) {
            throw UsageError(
                "The value '\(id)' is invalid for '--claim <worker-id>' (an empty id)", subcommand: subcommand)
        }
        let timeout = scanner.value("--claim-timeout")
        let fields = scanner.value("--claim-fields")
        guard options.workerID != nil else {
            if timeout != nil || fields != nil {
                throw UsageError("--claim-timeout and --claim-fields need --claim <worker-id>", subcommand: subcommand)
            }
            return
        }
        if let timeout { options.claimTimeout = try duration(timeout, flag: "--claim-timeout") }
        if let fields {
            guard let comma = fields.firstIndexOutsideBackticks(of: ","), comma != fields.startIndex,
                fields.index(after: comma) != fields.endIndex
            else {
                throw UsageError(
                    "The value '\(fields)' is invalid for '--claim-fields <by,at>' (two fields, like claimedBy,claimedAt)",
                    subcommand: subcommand)
            }
            options.claimedByField = try FieldPath(parsing: String(fields[..<comma]), subcommand: subcommand)
            options.claimedAtField = try FieldPath(
                parsing: String(fields[fields.index(after: comma)...]), subcommand: subcommand)
            try checkNoOverlap(
                options.claimedAtField, with: [options.claimedByField], what: "--claim-fields", subcommand: subcommand)
        }
        let written = Array(options.fields.keys) + options.serverTimeFields + Array(options.failureFields.keys)
        for field in [options.claimedByField, options.claimedAtField] {
            try checkNoOverlap(
                field, with: written, what: "--claim-fields (also written by --set, --server-time or --on-failure)",
                subcommand: subcommand)
        }
    }

    private static func positiveInteger(_ scanner: ArgumentScanner, _ flag: String, default value: Int)
        throws(UsageError) -> Int
    {
        guard let text = scanner.value(flag) else { return value }
        guard let n = Int(text), n > 0, n <= 10_000 else {
            throw UsageError("The value '\(text)' is invalid for '\(flag) <n>' (1 to 10000)", subcommand: "work")
        }
        return n
    }

    private static func duration(_ text: String, flag: String) throws(UsageError) -> Duration {
        guard let duration = parseDuration(text) else {
            throw UsageError(
                "The value '\(text)' is invalid for '\(flag) <duration>' (use 90s, 10m, 1h)", subcommand: "work")
        }
        return duration
    }
}
