/// A path to a field inside a document: `status`, `a.b`, `` `we-ird`.x ``.
///
/// `canonical` is the form the server expects: segments joined by dots, a segment that is not a simple
/// identifier (`[a-zA-Z_][a-zA-Z_0-9]*`) quoted in backticks with `` ` `` and `\` escaped.
public struct FieldPath: Hashable, Sendable {
    public var segments: [String]

    public init(_ segments: [String]) {
        self.segments = segments
    }

    /// The special path that orders by document name.
    public static let documentName = FieldPath(["__name__"])

    public var canonical: String {
        segments.map(Self.quoted).joined(separator: ".")
    }

    static func isSimple(_ segment: String) -> Bool {
        guard let first = segment.utf8.first else { return false }
        func isLetter(_ c: UInt8) -> Bool { (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c == 95 }
        return isLetter(first) && segment.utf8.allSatisfy { isLetter($0) || ($0 >= 48 && $0 <= 57) }
    }

    static func quoted(_ segment: String) -> String {
        if isSimple(segment) { return segment }
        // By Unicode scalars, as the server reads it: a backslash followed by a combining mark is a
        // backslash, and must be escaped.
        var out = String.UnicodeScalarView("`".unicodeScalars)
        for scalar in segment.unicodeScalars {
            if scalar == "`" || scalar == "\\" { out.append("\\") }
            out.append(scalar)
        }
        return String(out) + "`"
    }
}
