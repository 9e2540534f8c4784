extension Document {
    /// The value at `path`, following nested maps; `__name__` is the document's own name as a reference.
    ///
    /// Returns nil when a segment is missing or a value on the way is not a map.
    public func value(at path: FieldPath) -> FirestoreValue? {
        if path == .documentName { return .reference(name) }
        return value(atSegments: path.segments)
    }

    /// The value at a path of field names, without the `__name__` case (the comparator handles it).
    func value(atSegments segments: [String]) -> FirestoreValue? {
        guard let first = segments.first else { return nil }
        var value = fields[first]
        for segment in segments.dropFirst() {
            guard case .map(let nested) = value else { return nil }
            value = nested[segment]
        }
        return value
    }
}
