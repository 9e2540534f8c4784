extension DocumentUpdate {
    /// This update as the one `Write` of its `Commit`: `update` holds the name and `fields` as nested maps
    /// (see ``nestedFields``), the mask exactly the paths of `fields` (sorted by canonical form), one
    /// server-request-time transform per `serverTimeFields` path (in order), and the precondition.
    public var write: DocumentWrite {
        DocumentWrite(
            name: name,
            operation: .update(
                fields: nestedFields,
                mask: fields.keys.sorted { $0.canonical < $1.canonical }
            ),
            transforms: serverTimeFields.map { FieldTransform(field: $0, kind: .serverRequestTime) },
            precondition: {
                switch precondition {
                case .exists: .exists(true)
                case .updateTime(let updateTime): .updateTime(updateTime)
                }
            }()
        )
    }

    /// `fields` as the nested maps that a `Write.update` document carries: `a.b = 1` and `a.c = 2`
    /// become `{a: {b: 1, c: 2}}`.
    ///
    /// Paths are applied shortest first, so when one path is a prefix of another (`a = 1` and
    /// `a.b = 2`, which Google's clients reject) the longer one wins inside a map; the update mask
    /// still lists both, and the server decides. An empty path sets nothing.
    public var nestedFields: [String: FirestoreValue] {
        var root: [String: FirestoreValue] = [:]
        let ordered = fields.sorted { $0.key.segments.lexicographicallyPrecedes($1.key.segments) }
        for (path, value) in ordered where !path.segments.isEmpty {
            Self.set(value, at: path.segments[...], in: &root)
        }
        return root
    }

    private static func set(
        _ value: FirestoreValue, at path: ArraySlice<String>, in map: inout [String: FirestoreValue]
    ) {
        let key = path[path.startIndex]
        guard path.count > 1 else {
            map[key] = value
            return
        }
        var child: [String: FirestoreValue] = [:]
        if case .map(let existing) = map[key] { child = existing }
        set(value, at: path.dropFirst(), in: &child)
        map[key] = .map(child)
    }
}
