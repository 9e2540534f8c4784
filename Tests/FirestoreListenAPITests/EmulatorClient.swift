import FirestoreListen
import Foundation

/// A client of the emulator of `FIRESTORE_EMULATOR_HOST`, with a collection of its own for each test.
///
/// The variable is required: without it the test fails loudly (Scripts/test starts an emulator and sets it).
struct EmulatorClient {
    struct Missing: Error, CustomStringConvertible {
        var description: String {
            "FIRESTORE_EMULATOR_HOST is not set: start an emulator (eval \"$(Scripts/emulator)\") or run Scripts/test"
        }
    }

    let db: Firestore
    /// A fresh collection id, unique to this test.
    let collectionID: String

    init(test: String = #function) throws {
        guard let host = ProcessInfo.processInfo.environment["FIRESTORE_EMULATOR_HOST"], !host.isEmpty else {
            throw Missing()
        }
        db = try Firestore(settings: .emulator(host: host, projectID: "api-tests"))
        let name = test.prefix { $0.isLetter || $0.isNumber }
        collectionID = "\(name)-\(UUID().uuidString.prefix(8))"
    }

    var collection: CollectionReference { db.collection(collectionID) }
}

/// The fields of the document at `reference` as read now, each rendered as text: `7`, `2.5`, `true`, `null`,
/// `text`, `[a, b]`, `{k: v}` (sorted keys), a timestamp in RFC 3339; empty when it does not exist.
///
/// Reads the snapshot's package-level document, whose value type this target does not import, through
/// `Mirror`: `data()` belongs to the Codable work, not to these tests.
func FieldsOf(_ reference: DocumentReference) async throws -> [String: String] {
    let snapshot = try await reference.getDocument()
    return (snapshot.document?.fields ?? [:]).mapValues { render($0) }
}

/// One `FirestoreValue` case as text: its payload, or its name when it has none (`null`).
private func render(_ value: Any) -> String {
    guard let (kind, payload) = Mirror(reflecting: value).children.first.map({ ($0.label ?? "", $0.value) }) else {
        return "\(value)"
    }
    switch payload {
    case let timestamp as Timestamp: return timestamp.rfc3339
    case let values as [Any] where kind == "array": return "[" + values.map(render).joined(separator: ", ") + "]"
    case let fields as [String: Any]:
        return "{" + fields.keys.sorted().map { "\($0): \(render(fields[$0]!))" }.joined(separator: ", ") + "}"
    case let bytes as [UInt8]: return "bytes\(bytes)"
    default: return kind == "geoPoint" || kind == "reference" ? "\(kind)\(payload)" : "\(payload)"
    }
}
