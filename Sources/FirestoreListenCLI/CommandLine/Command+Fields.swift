import FirestoreWatch

extension Command {
    /// The fields of a confirm write: each `--set FIELD=VALUE` (default `status=completed` when none is
    /// given) and each `--server-time FIELD`, none twice or inside another.
    static func confirmFields(_ scanner: ArgumentScanner, subcommand: String) throws(UsageError)
        -> ([FieldPath: FirestoreValue], [FieldPath])
    {
        var fields: [FieldPath: FirestoreValue] = [:]
        var serverTimeFields: [FieldPath] = []
        for assignment in scanner.values("--set") {
            let (field, value) = try parseAssignment(assignment, flag: "--set", subcommand: subcommand)
            try checkNoOverlap(field, with: Array(fields.keys), what: "--set", subcommand: subcommand)
            fields[field] = value
        }
        // The default applies before the checks, so that it is checked like a --set: `--server-time status`
        // alone would name `status` in both the mask and a transform of one write.
        let defaulted = fields.isEmpty
        if defaulted { fields[FieldPath(["status"])] = .string("completed") }
        for text in scanner.values("--server-time") {
            let field = try FieldPath(parsing: text, subcommand: subcommand)
            if defaulted, let status = fields.keys.first,
                Array(field.segments.prefix(1)) == status.segments
            {
                throw UsageError(
                    "--server-time '\(field.canonical)' overlaps the default --set status=completed "
                        + "(give the fields to set with --set)",
                    subcommand: subcommand
                )
            }
            guard fields[field] == nil else {
                throw UsageError("'\(text)' is given to both --set and --server-time", subcommand: subcommand)
            }
            try checkNoOverlap(
                field, with: Array(fields.keys) + serverTimeFields, what: "--server-time", subcommand: subcommand)
            serverTimeFields.append(field)
        }
        return (fields, serverTimeFields)
    }

    /// `FIELD=VALUE` of `flag` (`--set`): the field path and the value.
    static func parseAssignment(_ assignment: String, flag: String, subcommand: String) throws(UsageError)
        -> (FieldPath, FirestoreValue)
    {
        guard let equals = assignment.firstIndexOutsideBackticks(of: "="), equals != assignment.startIndex else {
            throw UsageError("The value '\(assignment)' is invalid for '\(flag) <FIELD=VALUE>'", subcommand: subcommand)
        }
        let field = try FieldPath(parsing: String(assignment[..<equals]), subcommand: subcommand)
        let value = try FirestoreValue(
            commandLine: String(assignment[assignment.index(after: equals)...]), flag: "\(flag) <FIELD=VALUE>",
            subcommand: subcommand)
        return (field, value)
    }
}
