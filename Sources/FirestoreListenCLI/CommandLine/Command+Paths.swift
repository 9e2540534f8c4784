import FirestoreWatch

/// The paths of the command line, checked against Firestore's rules before anything is sent.
extension Command {
    static func validated(_ source: WatchSource, subcommand: String = "watch") throws(UsageError) -> WatchSource {
        switch source {
        case .collection(let path):
            try validateSegments(of: path, subcommand: subcommand)
            guard path.split(separator: "/").count % 2 == 1 else {
                throw UsageError(
                    "'\(path)' is not a collection path (an odd number of segments, like 'rooms/r1/messages')",
                    subcommand: subcommand
                )
            }
        case .document(let path):
            try validateDocumentPath(path, subcommand: subcommand)
        case .collectionGroup(let id):
            guard !id.isEmpty, !id.contains("/") else {
                throw UsageError("The value '\(id)' is invalid for '--collection-group <id>'", subcommand: subcommand)
            }
            try validateSegments(of: id, subcommand: subcommand)
        }
        return source
    }

    static func validateDocumentPath(_ path: String, subcommand: String) throws(UsageError) {
        try validateSegments(of: path, subcommand: subcommand)
        guard path.split(separator: "/").count % 2 == 0 else {
            throw UsageError(
                "'\(path)' is not a document path (an even number of segments, like 'rooms/r1')",
                subcommand: subcommand
            )
        }
    }

    /// Checks each segment of a path against Firestore's rules for ids: not empty, not `.` or `..`, not
    /// `__…__` (reserved), at most 1,500 bytes.
    private static func validateSegments(of path: String, subcommand: String) throws(UsageError) {
        guard !path.isEmpty else { throw UsageError("The path is empty", subcommand: subcommand) }
        for segment in path.split(separator: "/", omittingEmptySubsequences: false) {
            let problem: String? =
                if segment.isEmpty {
                    "has an empty segment"
                } else if segment == "." || segment == ".." {
                    "has the segment '\(segment)', which Firestore does not allow as an id"
                } else if segment.count >= 4, segment.hasPrefix("__"), segment.hasSuffix("__") {
                    "has the segment '\(segment)': ids of the form __…__ are reserved by Firestore"
                } else if segment.utf8.count > 1500 {
                    "has a segment longer than Firestore's 1,500 bytes"
                } else {
                    nil
                }
            if let problem { throw UsageError("'\(path)' \(problem)", subcommand: subcommand) }
        }
    }
}
