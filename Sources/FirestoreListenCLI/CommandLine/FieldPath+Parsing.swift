import FirestoreWatch

extension FieldPath {
    /// Parses a field path as written on the command line: dot-separated segments, a segment in backticks
    /// taken literally (`` `we-ird`.x ``, with `\` escaping `` ` `` and `\`). Read by Unicode scalars, as the
    /// server reads the canonical form: a backtick followed by a combining mark is still a backtick.
    /// - Throws: `UsageError` for an empty segment or an unterminated backtick.
    init(parsing text: String, subcommand: String) throws(UsageError) {
        var segments: [String] = []
        var current = String.UnicodeScalarView()
        var quoted = false
        var wasQuoted = false
        var escaping = false
        for scalar in text.unicodeScalars {
            if escaping {
                current.append(scalar)
                escaping = false
            } else if quoted {
                if scalar == "\\" {
                    escaping = true
                } else if scalar == "`" {
                    quoted = false
                } else {
                    current.append(scalar)
                }
            } else if scalar == "`" {
                quoted = true
                wasQuoted = true
            } else if scalar == "." {
                guard !current.isEmpty || wasQuoted else {
                    throw UsageError("The field path '\(text)' has an empty segment", subcommand: subcommand)
                }
                segments.append(String(current))
                current = String.UnicodeScalarView()
                wasQuoted = false
            } else {
                current.append(scalar)
            }
        }
        guard !quoted, !escaping else {
            throw UsageError("The field path '\(text)' has an unterminated backtick", subcommand: subcommand)
        }
        guard !current.isEmpty || wasQuoted else {
            throw UsageError("The field path '\(text)' has an empty segment", subcommand: subcommand)
        }
        segments.append(String(current))
        self.init(segments)
    }
}
