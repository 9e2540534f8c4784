/// Bad usage: a one-line reason, and the subcommand whose help explains the fix. Exit status 2.
public struct UsageError: Error, Hashable, Sendable {
    public var message: String
    /// `watch` or `confirm`; nil for the top level.
    public var subcommand: String?

    public init(_ message: String, subcommand: String? = nil) {
        self.message = message
        self.subcommand = subcommand
    }

    /// The two lines printed on standard error, in swift-argument-parser's wording.
    public var description: String {
        let help = subcommand.map { "firestore-listen \($0) --help" } ?? "firestore-listen --help"
        return "Error: \(message)\n  See '\(help)' for more information."
    }
}
