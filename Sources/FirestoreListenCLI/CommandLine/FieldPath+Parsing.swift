import FirestoreWatch

extension FieldPath {
    /// Parses a field path as written on the command line: dot-separated segments, a segment in backticks
    /// taken literally (`` `we-ird`.x ``, with `\` escaping `` ` `` and `\`).
    /// - Throws: `UsageError` for an empty segment or an unterminated backtick.
    init(parsing text: String, subcommand: String) throws(UsageError) {
        var segments: [String] = []
        var current = ""
        var quoted = false
        var wasQuoted = false
        var escaping = false
        for character in text {
            if escaping {
                current.append(character)
                escaping = false
            } else if quoted {
                if character == "\\" {
                    escaping = true
                } else if character == "`" {
                    quoted = false
                } else {
                    current.append(character)
                }
            } else if character == "`" {
                quoted = true
                wasQuoted = true
            } else if character == "." {
                guard !current.isEmpty || wasQuoted else {
                    throw UsageError("The field path '\(text)' has an empty segment", subcommand: subcommand)
                }
                segments.append(current)
                current = ""
                wasQuoted = false
            } else {
                current.append(character)
            }
        }
        guard !quoted, !escaping else {
            throw UsageError("The field path '\(text)' has an unterminated backtick", subcommand: subcommand)
        }
        guard !current.isEmpty || wasQuoted else {
            throw UsageError("The field path '\(text)' has an empty segment", subcommand: subcommand)
        }
        segments.append(current)
        self.init(segments)
    }
}
