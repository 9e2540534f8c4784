import FirestoreWatch

/// A program's data for one write, parsed as Firebase's Apple SDK parses it: the values to store, the paths
/// they set (for a merge's mask), the paths `FieldValue.delete()` removes, and the transforms of the other
/// sentinels. Map keys are sorted, so the same data always makes the same write.
struct WriteData {
    /// How the data will be written, which decides where `FieldValue.delete()` may appear.
    enum Mode {
        /// `setData` without merge: no delete.
        case set
        /// `setData` with `merge` or `mergeFields`: deletes anywhere in maps.
        case merge
        /// `updateData`: deletes only as top-level values.
        case update
    }

    var fields: [String: FirestoreValue] = [:]
    /// Every path given a value; an empty map is a value.
    var setPaths: [FieldPath] = []
    var deletedPaths: [FieldPath] = []
    var transforms: [FieldTransform] = []

    private let mode: Mode
    private let documentsRoot: String

    /// The data of `setData`: `documentData`'s keys are field names (a dot is part of the name).
    /// - Throws: `FirestoreErrorCode` `.invalidArgument` for a value that cannot be stored or a misplaced sentinel.
    init(set documentData: [String: Any], merge: Bool, documentsRoot: String) throws(FirestoreErrorCode) {
        self.mode = merge ? .merge : .set
        self.documentsRoot = documentsRoot
        fields = try parseMap(documentData, at: [])
    }

    /// The data of `updateData`: each key is a dotted `String` or a `FieldPath`, and replaces the whole
    /// field at that path.
    /// - Throws: `FirestoreErrorCode` `.invalidArgument` for an invalid key, a path given twice or inside
    ///   another, a value that cannot be stored or a misplaced sentinel.
    init(update: [AnyHashable: Any], documentsRoot: String) throws(FirestoreErrorCode) {
        self.mode = .update
        self.documentsRoot = documentsRoot
        var entries: [(FieldPath, Any)] = []
        for (key, value) in update { entries.append((try FieldPath.parse(key: key), value)) }
        entries.sort { $0.0.segments.lexicographicallyPrecedes($1.0.segments) }
        // Sorted, a path is directly followed by any path inside it.
        for (index, (path, _)) in entries.enumerated().dropFirst()
        where path.segments.starts(with: entries[index - 1].0.segments) {
            throw FirestoreErrorCode(
                .invalidArgument,
                message: "Field path \(entries[index - 1].0.canonical) is given twice, or with a field inside it "
                    + "(\(path.canonical))"
            )
        }
        var values: [FieldPath: FirestoreValue] = [:]
        for (path, value) in entries {
            if let value = try parseValue(value, at: path.segments, topLevel: true) { values[path] = value }
        }
        fields = DocumentUpdate(name: "", fields: values, precondition: .exists).nestedFields
        // An update replaces each given field whole: its mask is the keys, not the leaves inside them.
        setPaths = entries.map(\.0).filter { values[$0] != nil }
    }

    /// The stored form of `map` at `prefix`, with its sentinels taken out.
    private mutating func parseMap(_ map: [String: Any], at prefix: [String]) throws(FirestoreErrorCode) -> [String:
        FirestoreValue]
    {
        if map.isEmpty, !prefix.isEmpty { setPaths.append(FieldPath(prefix)) }
        var fields: [String: FirestoreValue] = [:]
        for key in map.keys.sorted() {
            let path = prefix + [key]
            guard !key.isEmpty, !(key.hasPrefix("__") && key.hasSuffix("__") && key.count >= 4) else {
                throw FirestoreErrorCode(
                    .invalidArgument,
                    message: "Invalid field name '\(key)': document fields must not be empty, nor begin and end "
                        + "with '__'\(FirestoreValue.location(FieldPath(prefix).canonical))"
                )
            }
            if let value = try parseValue(map[key]!, at: path, topLevel: false) {
                fields[key] = value
                if case .map = value {} else { setPaths.append(FieldPath(path)) }
            }
        }
        return fields
    }

    /// The stored form of `value` at `path`, or nil for a sentinel (recorded as a delete or a transform).
    private mutating func parseValue(_ value: Any, at path: [String], topLevel: Bool) throws(FirestoreErrorCode)
        -> FirestoreValue?
    {
        let field = FieldPath(path)
        if let sentinel = value as? FieldValue {
            try record(sentinel, at: field, topLevel: topLevel)
            return nil
        }
        if let map = value as? [String: Any] {
            return .map(try parseMap(map, at: path))
        }
        return try FirestoreValue(any: value, field: field.canonical, documentsRoot: documentsRoot)
    }

    private mutating func record(_ sentinel: FieldValue, at field: FieldPath, topLevel: Bool) throws(FirestoreErrorCode)
    {
        func elements(_ values: [Any]) throws(FirestoreErrorCode) -> [FirestoreValue] {
            guard
                case .array(let elements) = try FirestoreValue(
                    any: values, field: field.canonical, documentsRoot: documentsRoot)
            else { preconditionFailure("an array converts to an array") }
            return elements
        }
        switch sentinel.kind {
        case .delete:
            switch mode {
            case .merge: break
            case .update where topLevel: break
            case .update:
                throw FirestoreErrorCode(
                    .invalidArgument,
                    message: "FieldValue.delete() can only appear at the top level of your update data "
                        + "(found in field \(field.canonical))"
                )
            case .set:
                throw FirestoreErrorCode(
                    .invalidArgument,
                    message: "FieldValue.delete() can only be used with updateData() and setData() with merge: true "
                        + "(found in field \(field.canonical))"
                )
            }
            deletedPaths.append(field)
        case .serverTimestamp:
            transforms.append(FieldTransform(field: field, kind: .serverRequestTime))
        case .increment(let operand):
            let value = try FirestoreValue(any: operand, field: field.canonical)
            transforms.append(FieldTransform(field: field, kind: .increment(value)))
        case .arrayUnion(let values):
            transforms.append(FieldTransform(field: field, kind: .appendMissingElements(try elements(values))))
        case .arrayRemove(let values):
            transforms.append(FieldTransform(field: field, kind: .removeAllFromArray(try elements(values))))
        }
    }

    /// Whether `path` is, or holds, a path this data sets, deletes or transforms (for `mergeFields`).
    func covers(_ path: FieldPath) -> Bool {
        (setPaths + deletedPaths + transforms.map(\.field)).contains { $0.segments.starts(with: path.segments) }
    }
}
