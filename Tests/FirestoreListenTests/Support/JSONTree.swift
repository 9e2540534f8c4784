import Foundation

/// A parsed JSON value, for the lines that the tools and the CLI print and the scripts that tests write.
///
/// Numbers are `Double`: exact for every integer within ±2^53, which is all the contract prints as a
/// number (larger integers are strings there, and the peer's typed values keep numbers in strings).
/// Literals build values: `["targetChange": ["targetChangeType": "CURRENT", "targetIds": [1]]]`.
enum JSONTree: Hashable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONTree])
    case object([String: JSONTree])

    /// Parses one line (or any JSON text); throws `DecodingError` when it is not JSON.
    init(parsing text: String) throws {
        self = try JSONDecoder().decode(JSONTree.self, from: Data(text.utf8))
    }

    /// Compact JSON with sorted keys.
    var text: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding a tree of plain values cannot fail: `JSONTree` has no non-finite doubles to refuse
        // unless a test put them there, which is a bug in that test.
        guard let data = try? encoder.encode(self) else { preconditionFailure("unencodable JSON: \(self)") }
        return String(decoding: data, as: UTF8.self)
    }

    /// The member `key` of an object; nil for anything else.
    subscript(key: String) -> JSONTree? {
        guard case .object(let members) = self else { return nil }
        return members[key]
    }

    var string: String? {
        guard case .string(let value) = self else { return nil }
        return value
    }

    var number: Double? {
        guard case .number(let value) = self else { return nil }
        return value
    }

    /// The number as an `Int` when it is integral.
    var int: Int? {
        guard case .number(let value) = self, let exact = Int(exactly: value) else { return nil }
        return exact
    }

    var bool: Bool? {
        guard case .bool(let value) = self else { return nil }
        return value
    }

    var array: [JSONTree]? {
        guard case .array(let values) = self else { return nil }
        return values
    }

    var object: [String: JSONTree]? {
        guard case .object(let members) = self else { return nil }
        return members
    }
}

extension JSONTree: Codable {
    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONTree].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONTree].self))
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let values): try container.encode(values)
        case .object(let members): try container.encode(members)
        }
    }
}

extension JSONTree: CustomStringConvertible {
    var description: String { text }
}

extension JSONTree: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral
{
    init(nilLiteral: ()) { self = .null }
    init(booleanLiteral value: Bool) { self = .bool(value) }
    init(integerLiteral value: Int) { self = .number(Double(value)) }
    init(floatLiteral value: Double) { self = .number(value) }
    init(stringLiteral value: String) { self = .string(value) }
    init(arrayLiteral elements: JSONTree...) { self = .array(elements) }
    init(dictionaryLiteral elements: (String, JSONTree)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}
