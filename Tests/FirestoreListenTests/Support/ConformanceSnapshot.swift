import FirestoreWatch
import Foundation

/// A snapshot in a form that both a conformance test's expectation (proto3 JSON) and a `--json` snapshot
/// line of the CLI (the contract's JSON) reduce to, so that the two compare with `==`.
///
/// Times are `Timestamp`s (compared as seconds and nanos, not as text); fields are the contract's plain
/// JSON; `id` is not kept, but checked against the name when a CLI line is read.
struct ConformanceSnapshot: Equatable, CustomStringConvertible {
    struct Doc: Equatable {
        var name: String
        var createTime: Timestamp
        var updateTime: Timestamp
        var fields: JSONTree
    }

    struct Change: Equatable {
        /// `added`, `removed` or `modified`.
        var kind: String
        var oldIndex: Int
        var newIndex: Int
        var doc: Doc
    }

    var readTime: Timestamp
    var docs: [Doc]
    var changes: [Change]

    var description: String {
        func line(_ doc: Doc) -> String {
            "\(doc.name) c=\(doc.createTime.rfc3339) u=\(doc.updateTime.rfc3339) \(doc.fields)"
        }
        let changes = changes.map { "  \($0.kind) \($0.oldIndex)→\($0.newIndex) \(line($0.doc))" }
        return (["readTime \(readTime.rfc3339)", " docs:"] + docs.map { "  " + line($0) } + [" changes:"] + changes)
            .joined(separator: "\n")
    }

    /// Why a line or a test file does not have the expected shape.
    struct Malformed: Error, CustomStringConvertible {
        let description: String
    }
}

extension ConformanceSnapshot {
    /// An expected snapshot of a conformance test (`{"docs", "changes", "readTime"}` in proto3 JSON,
    /// where a missing index means 0 and missing lists are empty).
    init(expected json: JSONTree) throws {
        readTime = try Self.timestamp(json["readTime"])
        docs = try (json["docs"]?.array ?? []).map(Self.expectedDoc)
        changes = try (json["changes"]?.array ?? []).map { change in
            Change(
                kind: (change["kind"]?.string ?? "").lowercased(),
                oldIndex: change["oldIndex"]?.int ?? 0,
                newIndex: change["newIndex"]?.int ?? 0,
                doc: try Self.expectedDoc(change["doc"] ?? [:])
            )
        }
    }

    /// A `{"type":"snapshot",…}` line printed with `--json --include-docs`.
    init(line json: JSONTree) throws {
        guard json["type"] == "snapshot" else { throw Malformed(description: "not a snapshot line: \(json)") }
        readTime = try Self.timestamp(json["readTime"])
        guard let docs = json["docs"]?.array else { throw Malformed(description: "no docs (--include-docs): \(json)") }
        self.docs = try docs.map(Self.printedDoc)
        changes = try (json["changes"]?.array ?? []).map { change in
            guard let kind = change["kind"]?.string, let old = change["oldIndex"]?.int,
                let new = change["newIndex"]?.int
            else { throw Malformed(description: "change without kind/oldIndex/newIndex: \(change)") }
            return Change(kind: kind, oldIndex: old, newIndex: new, doc: try Self.printedDoc(change))
        }
        guard json["size"]?.int == docs.count else { throw Malformed(description: "size ≠ docs.count: \(json)") }
    }

    /// The expected snapshots and `isError` of a conformance test file.
    static func expectations(of file: URL) throws -> (snapshots: [ConformanceSnapshot], isError: Bool) {
        let test = try JSONTree(parsing: String(contentsOf: file, encoding: .utf8))["tests"]?.array?.first
        guard let listen = test?["listen"] else { throw Malformed(description: "no tests[0].listen in \(file.path)") }
        let snapshots = try (listen["snapshots"]?.array ?? []).map(ConformanceSnapshot.init(expected:))
        return (snapshots, listen["isError"]?.bool ?? false)
    }

    private static func expectedDoc(_ json: JSONTree) throws -> Doc {
        guard let name = json["name"]?.string else { throw Malformed(description: "document without a name: \(json)") }
        let fields = try (json["fields"]?.object ?? [:]).mapValues(plain)
        return Doc(
            name: name,
            createTime: try timestamp(json["createTime"]),
            updateTime: try timestamp(json["updateTime"]),
            fields: .object(fields)
        )
    }

    private static func printedDoc(_ json: JSONTree) throws -> Doc {
        guard let name = json["name"]?.string, let id = json["id"]?.string, let fields = json["fields"] else {
            throw Malformed(description: "document without name, id or fields: \(json)")
        }
        guard name.hasSuffix("/" + id) else { throw Malformed(description: "id \(id) is not the end of \(name)") }
        return Doc(
            name: name,
            createTime: try timestamp(json["createTime"]),
            updateTime: try timestamp(json["updateTime"]),
            fields: fields
        )
    }

    private static func timestamp(_ json: JSONTree?) throws -> Timestamp {
        guard let text = json?.string, let timestamp = Timestamp(rfc3339: text) else {
            throw Malformed(description: "not an RFC 3339 time: \(json.map(\.text) ?? "missing")")
        }
        return timestamp
    }

    /// A proto3 JSON `Value` rendered as the contract renders fields: integers as numbers (strings beyond
    /// ±2^53), NaN and infinities as strings, bytes as base64, references as names, geo points as
    /// `{latitude, longitude}`, arrays and maps as JSON arrays and objects.
    static func plain(_ value: JSONTree) throws -> JSONTree {
        guard let members = value.object, members.count == 1, let (kind, body) = members.first else {
            throw Malformed(description: "not a proto3 JSON Value: \(value)")
        }
        switch kind {
        case "nullValue": return .null
        case "booleanValue", "stringValue", "bytesValue", "referenceValue", "timestampValue":
            return body
        case "doubleValue":
            return body  // a number, or "NaN", "Infinity", "-Infinity" in both forms
        case "integerValue":
            guard let text = body.string, let integer = Int64(text) else { break }
            return integer.magnitude <= 1 << 53 ? .number(Double(integer)) : .string(text)
        case "geoPointValue":
            return ["latitude": body["latitude"] ?? 0, "longitude": body["longitude"] ?? 0]
        case "arrayValue":
            return .array(try (body["values"]?.array ?? []).map(plain))
        case "mapValue":
            return .object(try (body["fields"]?.object ?? [:]).mapValues(plain))
        default: break
        }
        throw Malformed(description: "unsupported Value: \(value)")
    }
}
