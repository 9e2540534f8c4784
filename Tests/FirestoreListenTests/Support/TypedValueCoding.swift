import FirestoreWatch
import Foundation

/// The peer's typed JSON for Firestore values (defined in `Tests/Tools/typed_values.py`) to and from
/// `FirestoreValue`, exactly: int64 and doubles travel as strings, so `-0.0`, NaN and 2^63−1 survive.
///
/// References differ in one way: `FirestoreValue.reference` holds the full resource name and the peer a
/// path relative to the database, so the coding knows the database's documents root.
struct TypedValueCoding: Sendable {
    /// `projects/P/databases/D/documents`.
    let documentsRoot: String

    init(project: String, database: String = "(default)") {
        documentsRoot = "projects/\(project)/databases/\(database)/documents"
    }

    /// A problem with a value in one direction or the other.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    func json(_ value: FirestoreValue) throws -> JSONTree {
        switch value {
        case .null: return .null
        case .boolean(let value): return .bool(value)
        case .string(let value): return .string(value)
        case .integer(let value): return ["int": .string(String(value))]
        case .double(let value): return ["double": .string(Self.text(of: value))]
        case .timestamp(let value): return ["ts": .string(value.rfc3339)]
        case .bytes(let value): return ["bytes": .string(Data(value).base64EncodedString())]
        case .reference(let name):
            let prefix = documentsRoot + "/"
            guard name.hasPrefix(prefix) else {
                throw Failure(description: "the peer writes references within \(documentsRoot) only: \(name)")
            }
            return ["ref": .string(String(name.dropFirst(prefix.count)))]
        case .geoPoint(let latitude, let longitude): return ["geo": [.number(latitude), .number(longitude)]]
        case .array(let values): return ["array": .array(try values.map(json))]
        case .map(let fields): return ["map": try json(fields: fields)]
        }
    }

    func json(fields: [String: FirestoreValue]) throws -> JSONTree {
        .object(try fields.mapValues(json))
    }

    func value(_ json: JSONTree) throws -> FirestoreValue {
        switch json {
        case .null: return .null
        case .bool(let value): return .boolean(value)
        case .string(let value): return .string(value)
        case .object(let members) where members.count == 1:
            let (kind, body) = members.first!
            return try value(kind: kind, body: body)
        default:
            throw Failure(description: "not a typed value: \(json)")
        }
    }

    func fields(_ json: JSONTree) throws -> [String: FirestoreValue] {
        guard let members = json.object else { throw Failure(description: "not an object of fields: \(json)") }
        return try members.mapValues(value)
    }

    /// A DOC of the peer's replies: `{"name", "id", "path", "createTime", "updateTime", "data"}`.
    func document(_ json: JSONTree) throws -> Document {
        guard let name = json["name"]?.string, let data = json["data"] else {
            throw Failure(description: "not a document: \(json)")
        }
        return Document(
            name: name,
            fields: try fields(data),
            createTime: try Self.timestamp(json["createTime"]),
            updateTime: try Self.timestamp(json["updateTime"])
        )
    }

    /// An RFC 3339 string of a reply as a `Timestamp`.
    static func timestamp(_ json: JSONTree?) throws -> Timestamp {
        guard let text = json?.string, let timestamp = Timestamp(rfc3339: text) else {
            throw Failure(description: "not an RFC 3339 timestamp: \(json.map(\.text) ?? "nothing")")
        }
        return timestamp
    }

    private func value(kind: String, body: JSONTree) throws -> FirestoreValue {
        switch (kind, body) {
        case ("int", .string(let text)):
            if let value = Int64(text) { return .integer(value) }
        case ("double", .string(let text)):
            if let value = Double(text) { return .double(value) }
        case ("ts", .string(let text)):
            if let value = Timestamp(rfc3339: text) { return .timestamp(value) }
        case ("bytes", .string(let text)):
            if let data = Data(base64Encoded: text) { return .bytes(Array(data)) }
        case ("ref", .string(let path)):
            return .reference(documentsRoot + "/" + path)
        case ("geo", .array(let pair)):
            if pair.count == 2, let latitude = pair[0].number, let longitude = pair[1].number {
                return .geoPoint(latitude: latitude, longitude: longitude)
            }
        case ("array", .array(let values)):
            return .array(try values.map(value))
        case ("map", .object):
            return .map(try fields(body))
        default:
            break
        }
        throw Failure(description: "not a typed value: {\"\(kind)\": \(body)}")
    }

    /// What `typed_values.py` reads back as the same double: Swift's shortest round-trip digits, with
    /// Python's spellings of the non-finite values.
    private static func text(of value: Double) -> String {
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value < 0 ? "-Infinity" : "Infinity" }
        return value.description
    }
}
