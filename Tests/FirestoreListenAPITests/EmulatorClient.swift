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

/// The fields of the document at `reference` as read now (`data()`), each rendered as text: `7`, `2.5`,
/// `true`, `null`, `text`, `[a, b]`, `{k: v}` (sorted keys), a timestamp in RFC 3339, `bytes[1, 2]`,
/// `geoPoint(…)`, `reference<resource name>`; empty when it does not exist.
func FieldsOf(_ reference: DocumentReference) async throws -> [String: String] {
    let snapshot = try await reference.getDocument()
    return (snapshot.data() ?? [:]).mapValues { render($0) }
}

/// One value of `data()` as text.
private func render(_ value: Any) -> String {
    switch value {
    case is NSNull: "null"
    case let boolean as Bool: "\(boolean)"
    case let integer as Int: "\(integer)"
    case let double as Double: "\(double)"
    case let string as String: string
    case let timestamp as Timestamp: timestamp.rfc3339
    case let data as Data: "bytes\([UInt8](data))"
    case let point as GeoPoint: "geoPoint(\(point.latitude), \(point.longitude))"
    case let reference as DocumentReference:
        "reference" + reference.firestore.settings.documentsRoot + "/" + reference.path
    case let values as [Any]: "[" + values.map(render).joined(separator: ", ") + "]"
    case let fields as [String: Any]:
        "{" + fields.keys.sorted().map { "\($0): \(render(fields[$0]!))" }.joined(separator: ", ") + "}"
    default: "\(type(of: value)): \(value)"
    }
}
