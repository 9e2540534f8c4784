/// Splits argv into options and positional arguments against a table of known options, the way
/// swift-argument-parser does: `--name value`, `--name=value`, repeated options accumulate, `--` ends the
/// options.
struct ArgumentScanner {
    struct Option {
        var name: String
        /// Shown in errors: `--limit <n>`.
        var valueName: String?
        /// Words that may follow the value as a separate argument and belong to it (`--order-by seq desc`).
        var trailingWords: Set<String> = []
    }

    /// The options in the order given, with their values (nil for flags).
    private(set) var options: [(name: String, value: String?)] = []
    private(set) var positionals: [String] = []

    /// - Throws: `UsageError` for an unknown option, a missing value, or a value given to a flag.
    init(_ arguments: [String], options table: [Option], subcommand: String?) throws(UsageError) {
        var iterator = arguments.makeIterator()
        var optionsEnded = false
        var lastValued: Option?
        while let argument = iterator.next() {
            if let option = lastValued, option.trailingWords.contains(argument.lowercased()) {
                options[options.count - 1].value! += " " + argument.lowercased()
                lastValued = nil
                continue
            }
            lastValued = nil
            guard !optionsEnded, argument.hasPrefix("-"), argument != "-" else {
                positionals.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            var name = argument
            var inlineValue: String?
            if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            guard let option = table.first(where: { $0.name == name }) else {
                if Double(argument) != nil {
                    positionals.append(argument)
                    continue
                }
                throw UsageError("Unknown option '\(name)'", subcommand: subcommand)
            }
            guard let valueName = option.valueName else {
                if inlineValue != nil {
                    throw UsageError("The option '\(name)' takes no value", subcommand: subcommand)
                }
                options.append((name, nil))
                continue
            }
            lastValued = option
            if let inlineValue {
                options.append((name, inlineValue))
            } else if let next = iterator.next(), !(next.hasPrefix("--") && next.count > 2) {
                options.append((name, next))
            } else {
                throw UsageError("Missing value for '\(name) <\(valueName)>'", subcommand: subcommand)
            }
        }
    }

    func has(_ name: String) -> Bool {
        options.contains { $0.name == name }
    }

    /// Every value of a repeatable option, in order.
    func values(_ name: String) -> [String] {
        options.filter { $0.name == name }.compactMap(\.value)
    }

    /// The last value of an option given once (a later one wins, as in most tools).
    func value(_ name: String) -> String? {
        values(name).last
    }
}
