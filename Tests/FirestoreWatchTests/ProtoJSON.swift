import FirestoreWatch
import Foundation

/// Reads proto3 JSON (camelCase names, enum names, int64 as strings, RFC 3339 timestamps, base64 bytes)
/// of the Firestore messages that the conformance tests use.
enum ProtoJSON {
    static func timestamp(_ json: Any?) throws -> Timestamp {
        guard let text = json as? String, let timestamp = Timestamp(rfc3339: text) else {
            throw FixtureError("not an RFC 3339 timestamp: \(String(describing: json))")
        }
        return timestamp
    }

    static func bytes(_ json: Any?) throws -> [UInt8] {
        guard let json else { return [] }
        guard let text = json as? String, let data = Data(base64Encoded: text) else {
            throw FixtureError("not base64: \(json)")
        }
        return Array(data)
    }

    static func value(_ json: Any) throws -> FirestoreValue {
        guard let object = json as? [String: Any], object.count == 1, let (kind, payload) = object.first else {
            throw FixtureError("not a Value: \(json)")
        }
        switch kind {
        case "nullValue": return .null
        case "booleanValue":
            guard let value = payload as? Bool else { throw FixtureError("bad booleanValue") }
            return .boolean(value)
        case "integerValue": return .integer(Int64(try object.integer(kind)))
        case "doubleValue": return .double(try double(payload))
        case "timestampValue": return .timestamp(try timestamp(payload))
        case "stringValue": return .string(try object.string(kind))
        case "bytesValue": return .bytes(try bytes(payload))
        case "referenceValue": return .reference(try object.string(kind))
        case "geoPointValue":
            let point = try object.object(kind)
            return .geoPoint(
                latitude: try double(point["latitude"] ?? 0), longitude: try double(point["longitude"] ?? 0))
        case "arrayValue":
            let values = (try object.object(kind))["values"] as? [Any] ?? []
            return .array(try values.map(value))
        case "mapValue":
            return .map(try fields((try object.object(kind))["fields"]))
        default:
            throw FixtureError("unknown Value kind \(kind)")
        }
    }

    static func fields(_ json: Any?) throws -> [String: FirestoreValue] {
        guard let json else { return [:] }
        guard let object = json as? [String: Any] else { throw FixtureError("fields are not an object") }
        return try object.mapValues(value)
    }

    static func document(_ json: Any) throws -> Document {
        guard let object = json as? [String: Any] else { throw FixtureError("not a Document: \(json)") }
        return Document(
            name: try object.string("name"),
            fields: try fields(object["fields"]),
            createTime: try timestamp(object["createTime"]),
            updateTime: try timestamp(object["updateTime"])
        )
    }

    /// A `ListenResponse`.
    static func listenResponse(_ json: Any) throws -> WatchChange {
        guard let object = json as? [String: Any], object.count == 1, let (kind, payload) = object.first,
            let body = payload as? [String: Any]
        else { throw FixtureError("not a ListenResponse: \(json)") }
        switch kind {
        case "targetChange":
            return .target(try targetChange(body))
        case "documentChange":
            return .document(
                try document(body["document"] as Any),
                targetIDs: try body.integers("targetIds"),
                removedTargetIDs: try body.integers("removedTargetIds")
            )
        case "documentDelete":
            return .delete(
                name: try body.string("document"),
                removedTargetIDs: try body.integers("removedTargetIds"),
                readTime: try body["readTime"].map(timestamp)
            )
        case "documentRemove":
            return .remove(
                name: try body.string("document"),
                removedTargetIDs: try body.integers("removedTargetIds"),
                readTime: try body["readTime"].map(timestamp)
            )
        case "filter":
            let bloom = try (body["unchangedNames"] as? [String: Any]).map { bloom in
                let bits = bloom["bits"] as? [String: Any] ?? [:]
                return BloomFilterBits(
                    bitmap: try bytes(bits["bitmap"]),
                    padding: Int32(try bits.integer("padding", default: 0)),
                    hashCount: Int32(try bloom.integer("hashCount", default: 0))
                )
            }
            return .existenceFilter(
                ExistenceFilter(
                    targetID: Int32(try body.integer("targetId", default: 0)),
                    count: Int32(try body.integer("count", default: 0)),
                    unchangedNames: bloom
                )
            )
        default:
            throw FixtureError("unknown ListenResponse kind \(kind)")
        }
    }

    static func targetChange(_ body: [String: Any]) throws -> TargetChange {
        let kinds: [String: TargetChange.Kind] = [
            "NO_CHANGE": .noChange, "ADD": .add, "REMOVE": .remove, "CURRENT": .current, "RESET": .reset,
        ]
        let name = body["targetChangeType"] as? String ?? "NO_CHANGE"
        guard let kind = kinds[name] else { throw FixtureError("unknown targetChangeType \(name)") }
        let cause = try (body["cause"] as? [String: Any]).map { cause in
            TargetChange.Cause(
                code: Int32(try cause.integer("code", default: 0)), message: cause["message"] as? String ?? "")
        }
        return TargetChange(
            kind: kind,
            targetIDs: try body.integers("targetIds"),
            cause: cause,
            resumeToken: try bytes(body["resumeToken"]),
            readTime: try body["readTime"].map(timestamp)
        )
    }

    private static func double(_ json: Any) throws -> Double {
        switch json {
        case let number as NSNumber: return number.doubleValue
        case let text as String where ["NaN", "Infinity", "-Infinity"].contains(text):
            return text == "NaN" ? .nan : (text == "Infinity" ? .infinity : -.infinity)
        default: throw FixtureError("not a double: \(json)")
        }
    }
}
