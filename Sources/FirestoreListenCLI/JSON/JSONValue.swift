/// A JSON value whose object keys keep the order they were written in, so that every line we print has a
/// stable, documented key order.
public enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case integer(Int64)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.integer(let a), .integer(let b)): a == b
        case (.double(let a), .double(let b)): a == b || (a.isNaN && b.isNaN)
        case (.string(let a), .string(let b)): a == b
        case (.array(let a), .array(let b)): a == b
        case (.object(let a), .object(let b)): a.map(\.0) == b.map(\.0) && a.map(\.1) == b.map(\.1)
        default: false
        }
    }

    /// Hashes what `==` compares, so that equal values hash alike: the case (an integer is never equal to a
    /// double), every NaN as one value, and `0.0` and `-0.0` as one; arrays and objects element by element,
    /// keys in order.
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0 as UInt8)
        case .bool(let b):
            hasher.combine(1 as UInt8)
            hasher.combine(b)
        case .integer(let i):
            hasher.combine(2 as UInt8)
            hasher.combine(i)
        case .double(let d):
            hasher.combine(3 as UInt8)
            if d.isNaN {
                hasher.combine(Double.nan.bitPattern)
            } else {
                hasher.combine(d == 0 ? 0 : d.bitPattern)
            }
        case .string(let s):
            hasher.combine(4 as UInt8)
            hasher.combine(s)
        case .array(let items):
            hasher.combine(5 as UInt8)
            hasher.combine(items)
        case .object(let members):
            hasher.combine(6 as UInt8)
            hasher.combine(members.count)
            for (key, value) in members {
                hasher.combine(key)
                hasher.combine(value)
            }
        }
    }

    /// The value of `key` in an object; nil for anything else.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.0 == key }?.1
    }

    /// Compact JSON text (no spaces, no newline). Non-finite doubles, which JSON cannot hold, are written as
    /// the strings `"NaN"`, `"Infinity"` and `"-Infinity"`, as the contract asks.
    public var serialized: String {
        var out = ""
        write(to: &out)
        return out
    }

    private func write(to out: inout String) {
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .integer(let i): out += String(i)
        case .double(let d):
            if d.isNaN {
                out += "\"NaN\""
            } else if d.isInfinite {
                out += d < 0 ? "\"-Infinity\"" : "\"Infinity\""
            } else {
                out += "\(d)"
            }
        case .string(let s): Self.writeString(s, to: &out)
        case .array(let items):
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                item.write(to: &out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (i, (key, value)) in members.enumerated() {
                if i > 0 { out += "," }
                Self.writeString(key, to: &out)
                out += ":"
                value.write(to: &out)
            }
            out += "}"
        }
    }

    private static func writeString(_ s: String, to out: inout String) {
        out += "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{2028}": out += "\\u2028"
            case "\u{2029}": out += "\\u2029"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }
}
