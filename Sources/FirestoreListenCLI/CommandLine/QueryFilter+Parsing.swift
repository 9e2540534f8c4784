import FirestoreWatch

extension QueryFilter {
    /// Parses `--where 'FIELD OP VALUE'`: spaces around a symbolic operator are optional (`status==hoge`),
    /// word operators (`in`, `not-in`, `array-contains`, `array-contains-any`) need them. VALUE is JSON, or
    /// a bare string where it is not valid JSON and does not start like JSON (`{`, `[`, `"`).
    /// - Throws: `UsageError` naming the clause.
    init(parsing clause: String) throws(UsageError) {
        let invalid = UsageError(
            "The value '\(clause)' is invalid for '--where <FIELD OP VALUE>'",
            subcommand: "watch"
        )
        guard let (fieldText, op, valueText) = Self.split(clause) else { throw invalid }
        let field = try FieldPath(parsing: fieldText, subcommand: "watch")
        guard !valueText.isEmpty else { throw invalid }
        let value = try FirestoreValue(commandLine: valueText, flag: "--where <FIELD OP VALUE>", subcommand: "watch")
        switch op {
        case .in, .notIn, .arrayContainsAny:
            guard case .array(let items) = value, !items.isEmpty else {
                throw UsageError(
                    "'\(op.rawValue)' needs a non-empty JSON array, as in [\"a\",\"b\"]", subcommand: "watch")
            }
        default: break
        }
        self.init(field: field, op: op, value: value)
    }

    /// Finds the operator outside backticks. Symbolic operators need no spaces; word operators do.
    private static func split(_ clause: String) -> (String, Operator, String)? {
        let characters = Array(clause)
        var quoted = false
        var i = 0
        while i < characters.count {
            let c = characters[i]
            if c == "`" { quoted.toggle() }
            if !quoted, i > 0 {
                if "=!<>".contains(c) {
                    let two = i + 1 < characters.count ? String(characters[i...i + 1]) : String(c)
                    let symbol: String? =
                        ["==", "!=", "<=", ">="].contains(two) ? two : ("<>".contains(c) ? String(c) : nil)
                    guard let symbol, let op = Operator(rawValue: symbol) else { return nil }
                    let field = String(characters[..<i]).trimmingSpaces
                    let value = String(characters[(i + symbol.count)...]).trimmingSpaces
                    return field.isEmpty ? nil : (field, op, value)
                }
                if c == " " {
                    let rest = String(characters[(i + 1)...])
                    for op in [Operator.arrayContainsAny, .arrayContains, .notIn, .in]
                    where rest.hasPrefix(op.rawValue + " ") {
                        let field = String(characters[..<i]).trimmingSpaces
                        let value = String(rest.dropFirst(op.rawValue.count)).trimmingSpaces
                        return field.isEmpty ? nil : (field, op, value)
                    }
                }
            }
            i += 1
        }
        return nil
    }
}

extension String {
    var trimmingSpaces: String {
        var text = Substring(self)
        while text.first == " " { text.removeFirst() }
        while text.last == " " { text.removeLast() }
        return String(text)
    }
}
