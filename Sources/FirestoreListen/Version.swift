/// The version of firestore-listen, sent in the user agent and printed by `--version`.
public enum Version {
    /// The version of this package.
    public static let current = "0.1.0"
}
