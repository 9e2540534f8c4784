import FirestoreWatch

/// The checks of the paths a program gives: document and collection paths relative to the database
/// root, and dotted field paths; each failure is `FirestoreErrorCode` `.invalidArgument`, worded as
/// Firebase's Apple SDK words it.
enum ResourcePath {
    /// The segments of `path`, which names a document (an even number of segments) or a collection (odd).
    static func segments(_ path: String, ofDocument: Bool) throws(FirestoreErrorCode) -> [String] {
        let kind = ofDocument ? "document" : "collection"
        let segments = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard !path.isEmpty, !segments.contains("") else {
            throw FirestoreErrorCode(
                .invalidArgument,
                message: "Invalid \(kind) path '\(path)'. Paths must not be empty, nor contain an empty segment"
            )
        }
        guard segments.count.isMultiple(of: 2) == ofDocument else {
            throw FirestoreErrorCode(
                .invalidArgument,
                message: "Invalid \(kind) path '\(path)': a \(kind) path must have an \(ofDocument ? "even" : "odd") "
                    + "number of segments, but it has \(segments.count)"
            )
        }
        return segments
    }
}

extension DocumentReference {
    /// - Throws: `FirestoreErrorCode` `.invalidArgument` unless `path` names a document.
    func validatePath() throws(FirestoreErrorCode) {
        _ = try ResourcePath.segments(path, ofDocument: true)
    }
}

extension FieldPath {
    /// The path of the document's name, for filtering and ordering by document id; as in Firebase's Apple SDK.
    ///
    /// ```swift
    /// let some = db.collection("queue").whereField(FieldPath.documentID(), in: ["t1", "t2"])
    /// ```
    public static func documentID() -> FieldPath { .documentName }

    /// The path that `dotted` spells: `address.city` is `["address", "city"]`.
    /// - Throws: `FirestoreErrorCode` `.invalidArgument` for an empty path or segment, or one of `~*/[]`.
    static func parse(_ dotted: String) throws(FirestoreErrorCode) -> FieldPath {
        let segments = dotted.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard !dotted.isEmpty, !segments.contains("") else {
            throw FirestoreErrorCode(
                .invalidArgument,
                message: "Invalid field path (\(dotted)). Paths must not be empty, begin with '.', end with '.', "
                    + "or contain '..'"
            )
        }
        guard !dotted.contains(where: { "~*/[]".contains($0) }) else {
            throw FirestoreErrorCode(
                .invalidArgument,
                message: "Invalid field path (\(dotted)). Paths must not contain '~', '*', '/', '[', or ']'"
            )
        }
        return FieldPath(segments)
    }

    /// The path of a program's `String` (dotted) or `FieldPath` key.
    /// - Throws: `FirestoreErrorCode` `.invalidArgument` for another type or an invalid dotted path.
    static func parse(key: AnyHashable) throws(FirestoreErrorCode) -> FieldPath {
        if let path = key.base as? FieldPath { return path }
        if let dotted = key.base as? String { return try parse(dotted) }
        throw FirestoreErrorCode(
            .invalidArgument, message: "Field paths must be a String or a FieldPath, not \(type(of: key.base))")
    }
}
