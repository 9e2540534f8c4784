/// A value that the server computes when it applies a write, or the removal of a field; as in Firebase's
/// Apple SDK: `["confirmedAt": FieldValue.serverTimestamp(), "count": FieldValue.increment(Int64(1))]`.
///
/// Not `Sendable`, as the `[Any]` of an array union is not; immutable.
public final class FieldValue {
    package enum Kind {
        /// The server's time of the commit.
        case serverTimestamp
        /// Remove the field (`updateData`, or `setData` with `merge`).
        case delete
        /// Add to the number the field holds (or set it, when it holds no number): `Int64` or `Double`.
        case increment(Any)
        /// Append each element that the array does not hold yet.
        case arrayUnion([Any])
        /// Remove every occurrence of each element.
        case arrayRemove([Any])
    }

    package let kind: Kind

    /// How a program writes this sentinel, for error messages: `FieldValue.serverTimestamp()`.
    package var name: String {
        switch kind {
        case .serverTimestamp: "FieldValue.serverTimestamp()"
        case .delete: "FieldValue.delete()"
        case .increment: "FieldValue.increment()"
        case .arrayUnion: "FieldValue.arrayUnion()"
        case .arrayRemove: "FieldValue.arrayRemove()"
        }
    }

    private init(_ kind: Kind) {
        self.kind = kind
    }

    /// The server's time of the commit, as a timestamp.
    public static func serverTimestamp() -> FieldValue { FieldValue(.serverTimestamp) }
    /// Removes the field.
    public static func delete() -> FieldValue { FieldValue(.delete) }
    /// Adds `n` to the field's number on the server.
    public static func increment(_ n: Int64) -> FieldValue { FieldValue(.increment(n)) }
    /// Adds `d` to the field's number on the server.
    public static func increment(_ d: Double) -> FieldValue { FieldValue(.increment(d)) }
    /// Appends each of `elements` that the array does not hold yet.
    public static func arrayUnion(_ elements: [Any]) -> FieldValue { FieldValue(.arrayUnion(elements)) }
    /// Removes every occurrence of each of `elements` from the array.
    public static func arrayRemove(_ elements: [Any]) -> FieldValue { FieldValue(.arrayRemove(elements)) }
}
