import FirestoreWatch

/// A point in time as Firestore stores it, nanoseconds kept.
public typealias Timestamp = FirestoreWatch.Timestamp
/// A path to a field: `FieldPath(["address", "city"])`.
public typealias FieldPath = FirestoreWatch.FieldPath
