import FirestoreWatch
internal import Foundation

extension FirestoreValue {
    /// The plain JSON of the contract: integers beyond ±2^53 as strings, non-finite doubles as strings,
    /// timestamps as RFC 3339, bytes as base64, references as their name, geo points as
    /// `{"latitude","longitude"}`, maps with their keys in UTF-8 order.
    public var json: JSONValue {
        switch self {
        case .null: .null
        case .boolean(let b): .bool(b)
        case .integer(let i): i.magnitude > 1 << 53 ? .string(String(i)) : .integer(i)
        case .double(let d): .double(d)
        case .timestamp(let t): .string(t.rfc3339)
        case .string(let s): .string(s)
        case .bytes(let b): .string(Data(b).base64EncodedString())
        case .reference(let r): .string(r)
        case .geoPoint(let latitude, let longitude):
            .object([("latitude", .double(latitude)), ("longitude", .double(longitude))])
        case .array(let items): .array(items.map(\.json))
        case .map(let fields): Self.json(fields)
        }
    }

    /// A map's fields as a JSON object with keys in UTF-8 byte order.
    public static func json(_ fields: [String: FirestoreValue]) -> JSONValue {
        .object(fields.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }.map { ($0.key, $0.value.json) })
    }

    /// A value given on the command line as JSON: integers stay integers, objects become maps.
    public init(json: JSONValue) {
        switch json {
        case .null: self = .null
        case .bool(let b): self = .boolean(b)
        case .integer(let i): self = .integer(i)
        case .double(let d): self = .double(d)
        case .string(let s): self = .string(s)
        case .array(let items): self = .array(items.map(FirestoreValue.init(json:)))
        case .object(let members):
            self = .map(Dictionary(members.map { ($0.0, FirestoreValue(json: $0.1)) }, uniquingKeysWith: { $1 }))
        }
    }

    /// A command-line value: JSON where it parses as JSON, else the text itself as a string (`hoge`, `a b`).
    /// Text that starts like JSON text that is not a number or a literal (`{`, `[` or `"`, after spaces)
    /// must parse: `[1,` or `"a` is a mistake, not a string.
    /// - Throws: `JSONParser.Failure` for such text that does not parse.
    public init(commandLine text: String) throws(JSONParser.Failure) {
        let start = text.unicodeScalars.first { !" \t\n\r".unicodeScalars.contains($0) }
        if let start, "{[\"".unicodeScalars.contains(start) {
            self.init(json: try JSONParser.parse(text))
        } else if let json = try? JSONParser.parse(text) {
            self.init(json: json)
        } else {
            self = .string(text)
        }
    }

    /// `init(commandLine:)` for the value of `flag` (`--set <FIELD=VALUE>`).
    /// - Throws: `UsageError` with the parse error.
    init(commandLine text: String, flag: String, subcommand: String) throws(UsageError) {
        do {
            try self.init(commandLine: text)
        } catch {
            throw UsageError(
                "The value '\(text)' is invalid for '\(flag)': it starts like JSON but is not JSON (\(error.message))",
                subcommand: subcommand
            )
        }
    }
}

extension Document {
    /// `id`, `name`, `createTime`, `updateTime` and `fields`, as in `docs` of a snapshot.
    public var json: JSONValue {
        .object([
            ("id", .string(id)), ("name", .string(name)), ("createTime", .string(createTime.rfc3339)),
            ("updateTime", .string(updateTime.rfc3339)), ("fields", FirestoreValue.json(fields)),
        ])
    }
}
