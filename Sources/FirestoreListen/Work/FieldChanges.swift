import FirestoreWatch

/// The changes of one update write, parsed once: nested values, the mask (set and removed paths) and the
/// transforms. A path in the mask that `fields` does not hold is removed by the write.
struct FieldChanges: Sendable {
    let fields: [String: FirestoreValue]
    let mask: [FieldPath]
    let transforms: [FieldTransform]

    /// The changes of `data` (as `updateData` takes it), which also remove the paths `removing`.
    /// - Throws: `FirestoreErrorCode` `.invalidArgument` for data that cannot be written, or data that sets
    ///   a path of `removing` or one inside or around it.
    init(_ data: [AnyHashable: Any], documentsRoot: String, removing: [FieldPath]) throws(FirestoreErrorCode) {
        let parsed = try WriteData(update: data, documentsRoot: documentsRoot)
        let written = parsed.setPaths + parsed.deletedPaths + parsed.transforms.map(\.field)
        for path in removing {
            if let clash = written.first(where: { $0.overlaps(path) }) {
                throw FirestoreErrorCode(
                    .invalidArgument,
                    message: "\(clash.canonical) is a claim field (\(path.canonical)), which the worker writes itself"
                )
            }
        }
        self.init(
            fields: parsed.fields, mask: parsed.setPaths + parsed.deletedPaths + removing,
            transforms: parsed.transforms)
    }

    /// The claim: `claimedBy` set to `workerID`, `claimedAt` to the server's time.
    init(claim: WorkClaim) {
        let values = [claim.claimedByField: FirestoreValue.string(claim.workerID)]
        self.init(
            fields: DocumentUpdate(name: "", fields: values, precondition: .exists).nestedFields,
            mask: [claim.claimedByField],
            transforms: [FieldTransform(field: claim.claimedAtField, kind: .serverRequestTime)]
        )
    }

    private init(fields: [String: FirestoreValue], mask: [FieldPath], transforms: [FieldTransform]) {
        self.fields = fields
        self.mask = mask.sorted { $0.segments.lexicographicallyPrecedes($1.segments) }
        self.transforms = transforms
    }

    /// Whether the write would change nothing (and so is not sent).
    var isEmpty: Bool { mask.isEmpty && transforms.isEmpty }

    /// The write of these changes to `name`, on condition that the document still has update time `version`.
    func write(to name: String, ifUpdateTime version: Timestamp) -> DocumentWrite {
        DocumentWrite(
            name: name, operation: .update(fields: fields, mask: mask), transforms: transforms,
            precondition: .updateTime(version))
    }
}

extension [String: FirestoreValue] {
    /// The value at `path` inside maps; nil where there is none.
    func value(at path: FieldPath) -> FirestoreValue? {
        var current = FirestoreValue.map(self)
        for segment in path.segments {
            guard case .map(let fields) = current, let next = fields[segment] else { return nil }
            current = next
        }
        return current
    }

    /// These fields without the values at `paths` (maps left empty stay).
    func removing(_ paths: [FieldPath]) -> [String: FirestoreValue] {
        var result = self
        for path in paths { result.remove(path.segments[...]) }
        return result
    }

    /// These fields with `value` at `path`, creating maps on the way.
    func setting(_ value: FirestoreValue, at path: FieldPath) -> [String: FirestoreValue] {
        var result = self
        result.set(value, at: path.segments[...])
        return result
    }

    private mutating func remove(_ path: ArraySlice<String>) {
        guard let key = path.first else { return }
        if path.count == 1 {
            self[key] = nil
        } else if case .map(var inner) = self[key] {
            inner.remove(path.dropFirst())
            self[key] = .map(inner)
        }
    }

    private mutating func set(_ value: FirestoreValue, at path: ArraySlice<String>) {
        guard let key = path.first else { return }
        if path.count == 1 {
            self[key] = value
            return
        }
        var inner: [String: FirestoreValue] = [:]
        if case .map(let existing) = self[key] { inner = existing }
        inner.set(value, at: path.dropFirst())
        self[key] = .map(inner)
    }
}
