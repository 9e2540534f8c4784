import FirestoreWatch

extension Command {
    /// Parses and validates argv (without the program name). Reads no environment: `Settings.resolve`
    /// does that later, so tests can drive this with any arguments.
    /// - Throws: `UsageError` (exit status 2).
    public static func parse(_ arguments: [String]) throws(UsageError) -> Command {
        guard let first = arguments.first else {
            throw UsageError("Missing subcommand: watch, confirm or work", subcommand: nil)
        }
        let rest = Array(arguments.dropFirst())
        switch first {
        case "-h", "--help": return .help(HelpText.overview)
        case "help":
            switch rest.first {
            case nil: return .help(HelpText.overview)
            case "watch": return .help(HelpText.watch)
            case "confirm": return .help(HelpText.confirm)
            case "work": return .help(HelpText.work)
            case let other?: throw UsageError("Unknown subcommand '\(other)'")
            }
        case "watch":
            if rest.contains(where: { $0 == "-h" || $0 == "--help" }) { return .help(HelpText.watch) }
            return .watch(try parseWatch(rest))
        case "confirm":
            if rest.contains(where: { $0 == "-h" || $0 == "--help" }) { return .help(HelpText.confirm) }
            return .confirm(try parseConfirm(rest))
        case "work":
            if rest.contains(where: { $0 == "-h" || $0 == "--help" }) { return .help(HelpText.work) }
            return .work(try parseWork(rest))
        default:
            if first.hasPrefix("-") { throw UsageError("Unknown option '\(first)'") }
            throw UsageError("Unknown subcommand '\(first)'")
        }
    }

    static let connectionOptions: [ArgumentScanner.Option] = [
        .init(name: "--host", valueName: "host:port"), .init(name: "--project", valueName: "id"),
        .init(name: "--database", valueName: "id"), .init(name: "--emulator"), .init(name: "--insecure"),
        .init(name: "--ca-file", valueName: "pem"), .init(name: "--access-token-file", valueName: "file"),
    ]

    static func connection(_ scanner: ArgumentScanner, _ subcommand: String) throws(UsageError)
        -> ConnectionOptions
    {
        var options = ConnectionOptions()
        options.host = scanner.value("--host")
        if let host = options.host, !isHostPort(host) {
            throw UsageError("The value '\(host)' is invalid for '--host <host:port>'", subcommand: subcommand)
        }
        options.project = scanner.value("--project")
        if let project = options.project, let problem = ResourceIDs.problem(projectID: project) {
            throw UsageError(
                "The value '\(project)' is invalid for '--project <id>' (\(problem))", subcommand: subcommand)
        }
        if let database = scanner.value("--database") {
            if let problem = ResourceIDs.problem(databaseID: database) {
                throw UsageError(
                    "The value '\(database)' is invalid for '--database <id>' (\(problem))", subcommand: subcommand)
            }
            options.database = database
        }
        options.emulator = scanner.has("--emulator")
        options.insecure = scanner.has("--insecure")
        options.caFile = scanner.value("--ca-file")
        options.accessTokenFile = scanner.value("--access-token-file")
        return options
    }

    private static func isHostPort(_ text: String) -> Bool {
        guard let colon = text.lastIndex(of: ":"), let port = Int(text[text.index(after: colon)...]) else {
            return false
        }
        return colon != text.startIndex && (1...65535).contains(port) && !text.contains(" ")
    }

    private static func parseWatch(_ arguments: [String]) throws(UsageError) -> WatchOptions {
        let table: [ArgumentScanner.Option] =
            connectionOptions + [
                .init(name: "--where", valueName: "FIELD OP VALUE"),
                .init(name: "--order-by", valueName: "field", trailingWords: ["asc", "desc"]),
                .init(name: "--limit", valueName: "n"), .init(name: "--json"), .init(name: "--include-docs"),
                .init(name: "--skip-initial"), .init(name: "--state", valueName: "file"), .init(name: "--reset-state"),
                .init(name: "--max-events", valueName: "n"), .init(name: "--once"),
                .init(name: "--max-retry-time", valueName: "duration"), .init(name: "--exec", valueName: "command"),
                .init(name: "--document", valueName: "path"), .init(name: "--collection-group", valueName: "id"),
                .init(name: "--raw"),
            ]
        let scanner = try ArgumentScanner(arguments, options: table, subcommand: "watch")
        var options = WatchOptions()
        options.connection = try connection(scanner, "watch")
        let sources =
            scanner.positionals.map { WatchSource.collection($0) }
            + scanner.values("--document").map { WatchSource.document($0) }
            + scanner.values("--collection-group").map { WatchSource.collectionGroup($0) }
        guard sources.count == 1, let source = sources.first else {
            throw UsageError(
                sources.isEmpty
                    ? "Missing expected argument '<collection-path>' (or --document, --collection-group)"
                    : "Give exactly one of COLLECTION_PATH, --document and --collection-group",
                subcommand: "watch"
            )
        }
        options.source = try validated(source)
        for clause in scanner.values("--where") { options.filters.append(try QueryFilter(parsing: clause)) }
        for order in scanner.values("--order-by") { options.orders.append(try parseOrder(order)) }
        if let limit = scanner.value("--limit") {
            guard let n = Int32(limit), n > 0 else {
                throw UsageError("The value '\(limit)' is invalid for '--limit <n>'", subcommand: "watch")
            }
            options.limit = n
        }
        if case .document = options.source, !options.filters.isEmpty || !options.orders.isEmpty || options.limit != nil
        {
            throw UsageError(
                "--where, --order-by and --limit apply to collections, not to --document", subcommand: "watch")
        }
        options.json = scanner.has("--json")
        options.includeDocs = scanner.has("--include-docs")
        options.skipInitial = scanner.has("--skip-initial")
        options.statePath = scanner.value("--state")
        options.resetState = scanner.has("--reset-state")
        if options.resetState, options.statePath == nil {
            throw UsageError("--reset-state needs --state <file>", subcommand: "watch")
        }
        if let text = scanner.value("--max-events") {
            guard let n = Int(text), n > 0 else {
                throw UsageError("The value '\(text)' is invalid for '--max-events <n>'", subcommand: "watch")
            }
            options.maxEvents = n
        }
        options.once = scanner.has("--once")
        if options.once, options.skipInitial {
            throw UsageError(
                "--once prints the first snapshot, which --skip-initial hides (for the first change: --skip-initial --max-events 1)",
                subcommand: "watch"
            )
        }
        if let text = scanner.value("--max-retry-time") {
            guard let duration = parseDuration(text) else {
                throw UsageError(
                    "The value '\(text)' is invalid for '--max-retry-time <duration>' (use 90s, 10m, 1h)",
                    subcommand: "watch"
                )
            }
            options.maxRetryTime = duration
        }
        options.exec = scanner.value("--exec")
        if let exec = options.exec, exec.allSatisfy(\.isWhitespace) {
            throw UsageError(
                "The value '\(exec)' is invalid for '--exec <command>' (an empty command)", subcommand: "watch")
        }
        options.raw = scanner.has("--raw")
        return options
    }

    /// `FIELD`, `FIELD desc` or `FIELD asc`; FIELD may hold spaces inside backticks.
    static func parseOrder(_ text: String, subcommand: String = "watch") throws(UsageError) -> QueryOrder {
        var field = text.trimmingSpaces
        var descending = false
        for (suffix, isDescending) in [(" desc", true), (" asc", false)] where field.lowercased().hasSuffix(suffix) {
            field = String(field.dropLast(suffix.count)).trimmingSpaces
            descending = isDescending
            break
        }
        guard !field.isEmpty else {
            throw UsageError("The value '\(text)' is invalid for '--order-by <field> [desc]'", subcommand: subcommand)
        }
        return QueryOrder(field: try FieldPath(parsing: field, subcommand: subcommand), descending: descending)
    }

    /// One write cannot set a field twice, nor a field and a field inside it (`a` and `a.b`): the update mask
    /// would be ambiguous, and Firestore would keep only one of them.
    static func checkNoOverlap(
        _ field: FieldPath, with others: [FieldPath], what: String, subcommand: String = "confirm"
    ) throws(UsageError) {
        for other in others {
            let shorter = min(field.segments.count, other.segments.count)
            guard Array(field.segments.prefix(shorter)) == Array(other.segments.prefix(shorter)) else { continue }
            let problem =
                field == other
                ? "'\(field.canonical)' is given twice"
                : "'\(other.canonical)' and '\(field.canonical)' overlap (one is inside the other)"
            throw UsageError("\(what): \(problem)", subcommand: subcommand)
        }
    }

    /// `90s`, `10m`, `1h`, `500ms`, or a bare number of seconds: positive, finite, at least a millisecond and
    /// at most `Int64.max` milliseconds (about 292 million years); nil for anything else (NaN, `inf`, `-5s`,
    /// `1e300`), which cannot be a time to wait.
    static func parseDuration(_ text: String) -> Duration? {
        let units: [(String, Double)] = [("ms", 0.001), ("s", 1), ("m", 60), ("h", 3600)]
        let (number, scale): (Substring, Double) =
            units.first { text.hasSuffix($0.0) }.map { (text.dropLast($0.0.count), $0.1) } ?? (Substring(text), 1)
        // Only decimal digits, a point and an exponent: `Double` would also take `nan`, `inf` and hex.
        guard !number.isEmpty, number.allSatisfy({ $0.isASCII && ($0.isNumber || ".eE+-".contains($0)) }),
            let value = Double(number), value.isFinite, value > 0
        else { return nil }
        // `Int64(exactly:)` is nil beyond Int64's range, where `Int64(_:)` traps.
        guard let milliseconds = Int64(exactly: (value * scale * 1000).rounded()), milliseconds > 0 else {
            return nil
        }
        return .milliseconds(milliseconds)
    }

    private static func parseConfirm(_ arguments: [String]) throws(UsageError) -> ConfirmOptions {
        let table: [ArgumentScanner.Option] =
            connectionOptions + [
                .init(name: "--set", valueName: "FIELD=VALUE"), .init(name: "--if-update-time", valueName: "time"),
                .init(name: "--server-time", valueName: "field"),
            ]
        let scanner = try ArgumentScanner(arguments, options: table, subcommand: "confirm")
        var options = ConfirmOptions()
        options.connection = try connection(scanner, "confirm")
        guard scanner.positionals.count == 1, let path = scanner.positionals.first else {
            throw UsageError(
                scanner.positionals.isEmpty
                    ? "Missing expected argument '<document-path>'"
                    : "Unexpected argument '\(scanner.positionals[1])'",
                subcommand: "confirm"
            )
        }
        try validateDocumentPath(path, subcommand: "confirm")
        options.documentPath = path
        (options.fields, options.serverTimeFields) = try confirmFields(scanner, subcommand: "confirm")
        if let text = scanner.value("--if-update-time") {
            guard let time = Timestamp(rfc3339: text) else {
                throw UsageError(
                    "The value '\(text)' is invalid for '--if-update-time <time>' (RFC 3339, like 2026-11-29T12:00:00.123456Z)",
                    subcommand: "confirm"
                )
            }
            options.ifUpdateTime = time
        }
        return options
    }
}

extension String {
    /// The first `character` that is not inside a backtick-quoted field path segment.
    func firstIndexOutsideBackticks(of character: Character) -> Index? {
        var quoted = false
        var escaping = false
        for index in indices {
            let current = self[index]
            if escaping {
                escaping = false
            } else if quoted, current == "\\" {
                escaping = true
            } else if current == "`" {
                quoted.toggle()
            } else if !quoted, current == character {
                return index
            }
        }
        return nil
    }
}
