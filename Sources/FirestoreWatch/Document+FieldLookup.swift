extension Document {
    /// The value at `path`, following nested maps; `__name__` is the document's own name as a reference.
    ///
    /// Returns nil when a segment is missing or a value on the way is not a map.
    public func value(at path: FieldPath) -> FirestoreValue? {
        if path == .documentName { return .reference(name) }
        guard let first = path.segments.first else { return nil }
        var value = fields[first]
        for segment in path.segments.dropFirst() {
            guard case .map(let nested) = value else { return nil }
            value = nested[segment]
        }
        return value
    }
}
