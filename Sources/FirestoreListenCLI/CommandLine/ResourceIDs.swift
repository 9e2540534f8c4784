/// What can be a project or a database id in `projects/P/databases/D`, checked at start: a server answers
/// an id it cannot parse with a bare `UNKNOWN`, and a listener would retry that.
///
/// Project ids: Google's rule for new projects is 6–30 lowercase letters, digits and hyphens, starting with
/// a letter, but older projects are domain-scoped (`example.com:my-project`), and the emulator takes ids
/// that rule does not (`p`, `1abc`, the 31-character `google-cloud-firestore-emulator`). What the
/// emulator refuses (tried: `a_b`, `a.b`, `-a`, `a:b.c`, all `UNKNOWN` with no message) can never be a
/// project either. Upper-case letters are kept: the emulator refuses them, but Google's own conformance
/// data uses `projectID` and Google's clients send it (a server that refuses it ends the listener after
/// three silent refusals). So an id is: an optional `DOMAIN:` (lowercase letters, digits, `.` and `-`, the
/// first a letter or a digit), then a letter or a digit, then letters, digits and `-`; at most 100
/// characters.
///
/// Database ids: `(default)`, or a lowercase letter then up to 62 lowercase letters, digits and hyphens.
enum ResourceIDs {
    /// Why `id` cannot be a project id; nil when it can.
    static func problem(projectID id: String) -> String? {
        let rule = "letters, digits and '-', after an optional 'domain:'"
        if id.isEmpty { return "a project id cannot be empty" }
        if id.unicodeScalars.count > 100 { return "a project id has at most 100 characters" }
        let parts = id.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        let name = parts.last ?? ""
        let domain = parts.count == 2 ? parts.first : nil
        let isLowerOrDigit = { (s: Unicode.Scalar) in ("a"..."z").contains(s) || ("0"..."9").contains(s) }
        func valid(_ part: Substring, also extra: String) -> Bool {
            guard let first = part.unicodeScalars.first, isLowerOrDigit(first) else { return false }
            return part.unicodeScalars.allSatisfy { isLowerOrDigit($0) || extra.unicodeScalars.contains($0) }
        }
        let upper = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
        let name0 = name.unicodeScalars.first.map { isLowerOrDigit($0) || upper.unicodeScalars.contains($0) } ?? false
        let nameRest = name.unicodeScalars.allSatisfy {
            isLowerOrDigit($0) || upper.unicodeScalars.contains($0) || $0 == "-"
        }
        guard name0, nameRest, domain.map({ valid($0, also: ".-") }) ?? true else {
            return "a project id is \(rule)"
        }
        return nil
    }

    /// Why `id` cannot be a database id; nil when it can.
    static func problem(databaseID id: String) -> String? {
        if id == "(default)" { return nil }
        let scalars = Array(id.unicodeScalars)
        let lowercase = { (scalar: Unicode.Scalar) in ("a"..."z").contains(scalar) }
        guard let first = scalars.first, lowercase(first), scalars.count <= 63,
            scalars.allSatisfy({ lowercase($0) || ("0"..."9").contains($0) || $0 == "-" })
        else {
            return "a database id is '(default)' or a lowercase letter then up to 62 lowercase letters, digits and '-'"
        }
        return nil
    }
}
