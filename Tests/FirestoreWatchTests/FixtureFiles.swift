import Foundation

/// The JSON fixtures under `Fixtures/`, read through `Bundle.module`.
enum FixtureFiles {
    /// The `.json` files of a fixture directory, by name, sorted; empty when the directory is missing
    /// (the count tests then fail).
    static func names(in directory: String) -> [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: url(directory).path)) ?? []
        return files.filter { $0.hasSuffix(".json") }.sorted()
    }

    /// The parsed JSON of one fixture file.
    static func json(_ directory: String, _ name: String) throws -> Any {
        let data = try Data(contentsOf: url(directory).appendingPathComponent(name))
        return try JSONSerialization.jsonObject(with: data)
    }

    private static func url(_ directory: String) -> URL {
        let root =
            Bundle.module.url(forResource: "Fixtures", withExtension: nil) ?? URL(fileURLWithPath: "/nonexistent")
        return root.appendingPathComponent(directory)
    }
}

/// A fixture that does not have the expected shape.
struct FixtureError: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) {
        self.description = description
    }
}

/// Typed access to the values `JSONSerialization` returns.
extension Dictionary where Key == String, Value == Any {
    func object(_ key: String) throws -> [String: Any] {
        guard let value = self[key] as? [String: Any] else { throw FixtureError("'\(key)' is not an object") }
        return value
    }

    func string(_ key: String) throws -> String {
        guard let value = self[key] as? String else { throw FixtureError("'\(key)' is not a string") }
        return value
    }

    func array(_ key: String) throws -> [Any] {
        guard let value = self[key] as? [Any] else { throw FixtureError("'\(key)' is not an array") }
        return value
    }

    /// An integer that may be written as a number or, as proto3 JSON writes int64, a string; `fallback`
    /// when the key is absent (proto3 default).
    func integer(_ key: String, default fallback: Int? = nil) throws -> Int {
        switch self[key] {
        case nil:
            if let fallback { return fallback }
            throw FixtureError("'\(key)' is missing")
        case let text as String:
            guard let value = Int(text) else { throw FixtureError("'\(key)' is not an integer") }
            return value
        case let number as NSNumber:
            return number.intValue
        default:
            throw FixtureError("'\(key)' is not an integer")
        }
    }

    /// A list of integers (target ids); empty when absent.
    func integers(_ key: String) throws -> [Int32] {
        switch self[key] {
        case nil: return []
        case let number as NSNumber: return [number.int32Value]
        case let list as [NSNumber]: return list.map(\.int32Value)
        default: throw FixtureError("'\(key)' is not a list of integers")
        }
    }
}
