/// One Firestore value, of any of the kinds a stored document can hold.
///
/// Equality is structural and exact: doubles compare by bit pattern, so `NaN == NaN` and `-0.0 != 0.0`
/// here (query order, which treats them as numbers, lives in `FirestoreValue+Ordering.swift`).
public enum FirestoreValue: Sendable {
    case null
    case boolean(Bool)
    case integer(Int64)
    case double(Double)
    case timestamp(Timestamp)
    case string(String)
    case bytes([UInt8])
    /// A document's full resource name: `projects/P/databases/D/documents/c/d`.
    case reference(String)
    case geoPoint(latitude: Double, longitude: Double)
    case array([FirestoreValue])
    case map([String: FirestoreValue])
}

extension FirestoreValue: Hashable {
    public static func == (lhs: FirestoreValue, rhs: FirestoreValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.boolean(let a), .boolean(let b)): a == b
        case (.integer(let a), .integer(let b)): a == b
        case (.double(let a), .double(let b)): a.bitPattern == b.bitPattern
        case (.timestamp(let a), .timestamp(let b)): a == b
        case (.string(let a), .string(let b)): Array(a.utf8) == Array(b.utf8)
        case (.bytes(let a), .bytes(let b)): a == b
        case (.reference(let a), .reference(let b)): a == b
        case (.geoPoint(let a1, let a2), .geoPoint(let b1, let b2)):
            a1.bitPattern == b1.bitPattern && a2.bitPattern == b2.bitPattern
        case (.array(let a), .array(let b)): a == b
        case (.map(let a), .map(let b)): a == b
        default: false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case .boolean(let b): hasher.combine(b)
        case .integer(let i): hasher.combine(i)
        case .double(let d): hasher.combine(d.bitPattern)
        case .timestamp(let t): hasher.combine(t)
        case .string(let s): hasher.combine(Array(s.utf8))
        case .bytes(let b): hasher.combine(b)
        case .reference(let r): hasher.combine(r)
        case .geoPoint(let la, let lo):
            hasher.combine(la.bitPattern)
            hasher.combine(lo.bitPattern)
        case .array(let a): hasher.combine(a)
        case .map(let m): hasher.combine(m)
        }
    }
}
