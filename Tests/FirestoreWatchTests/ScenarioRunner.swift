import FirestoreWatch
import Foundation
import Testing

/// Plays one scenario fixture (`Fixtures/scenarios/*.json`) against a `WatchState`.
///
/// A fixture has a `name`, `steps` and `expect`. Steps are what the server sends (`ack`, `doc`, `delete`,
/// `docRemove`, `current`, `global`, `noChange`, `reset`, `filter`, `removed`), what the owner does (`listen`,
/// `unlisten`, `restart`, `restore`) and checks of the state (`persisted`, `resumeTarget`, `view`). `expect`
/// lists every event, rendered by `render(_:)`, in order; a `{"error": "INTERNAL"}` entry ends the run.
/// Names are relative to `projects/p/databases/(default)/documents/`; times are seconds since the epoch or
/// RFC 3339; tokens are strings.
struct ScenarioRunner {
    static let root = "projects/p/databases/(default)/documents"

    private(set) var state = WatchState()
    /// Every event so far, rendered.
    private(set) var events: [String] = []
    private(set) var stopped = false

    mutating func run(_ step: [String: Any]) throws {
        guard !stopped else { return }
        if let change = try Self.serverMessage(step) {
            do {
                events += try state.apply(change).map(Self.render)
            } catch {
                events.append("error \(error.codeName)")
                stopped = true
            }
        } else {
            try runOwnerStep(step)
        }
    }

    private mutating func runOwnerStep(_ step: [String: Any]) throws {
        if let spec = step["listen"] as? [String: Any] {
            state.add(try Self.target(spec))
        } else if let id = step["unlisten"] as? Int {
            state.remove(targetID: Int32(id))
        } else if let expected = step["restart"] as? [Any] {
            let targets = state.streamDidRestart().map(Self.render)
            #expect(targets == (try expected.map(Self.renderExpectedTarget)), "restart")
        } else if let restore = step["restore"] as? [String: Any] {
            let persisted = PersistedTarget(
                target: try Self.target(try restore.object("target")),
                documents: try (restore["docs"] as? [Any] ?? []).map { try Self.document($0, defaultTargets: []).0 },
                resume: try Self.resume(restore),
                readTime: try restore["readTime"].map(Self.time)
            )
            let sent = Self.render(state.restore(persisted))
            #expect(sent == (try Self.renderExpectedTarget(step["sends"] as Any)), "restore")
        } else if let expected = step["persisted"] as? [String: Any] {
            let id = Int32(try expected.integer("id"))
            let persisted = try #require(state.persistedTarget(id))
            #expect(persisted.documents.map(Self.relative) == expected["docs"] as? [String], "persisted docs")
            #expect(Self.render(persisted.resume) == Self.render(try Self.resume(expected)), "persisted resume")
            #expect(persisted.readTime == (try expected["readTime"].map(Self.time)), "persisted read time")
        } else if let expected = step["resumeTarget"] as? [String: Any] {
            let id = Int32(try expected.integer("id"))
            let target = state.resumeTarget(id).map(Self.render)
            #expect(target == (try Self.renderExpectedTarget(expected)), "resumeTarget")
        } else if let id = step["view"] as? Int {
            let expected = try (step["docs"] as? [Any] ?? []).map { try Self.document($0, defaultTargets: []).0 }
            #expect(state.documents(targetID: Int32(id)) == expected, "view of \(id)")
        } else {
            throw FixtureError("unknown step \(step)")
        }
    }

    // MARK: Server messages

    static func serverMessage(_ step: [String: Any]) throws -> WatchChange? {
        let token = Array((step["token"] as? String ?? "").utf8)
        if step["ack"] != nil {
            return .target(TargetChange(kind: .add, targetIDs: try step.integers("ack"), resumeToken: token))
        } else if step["doc"] != nil {
            let (document, targets) = try document(step, defaultTargets: [1])
            return .document(document, targetIDs: targets, removedTargetIDs: try step.integers("removedTargets"))
        } else if let name = step["delete"] as? String {
            return .delete(name: absolute(name), removedTargetIDs: try step.integers("removedTargets"), readTime: nil)
        } else if let name = step["docRemove"] as? String {
            return .remove(name: absolute(name), removedTargetIDs: try step.integers("removedTargets"), readTime: nil)
        } else if let current = step["current"] {
            let currentToken = Array((current as? String ?? "").utf8)
            let ids = try step.integers("targets")
            return .target(TargetChange(kind: .current, targetIDs: ids, resumeToken: currentToken))
        } else if let time = step["global"] {
            return .target(TargetChange(kind: .noChange, resumeToken: token, readTime: try Self.time(time)))
        } else if step["noChange"] != nil {
            let readTime = try step["readTime"].map(Self.time)
            return .target(
                TargetChange(
                    kind: .noChange, targetIDs: try step.integers("noChange"), resumeToken: token, readTime: readTime)
            )
        } else if step["reset"] != nil {
            return .target(TargetChange(kind: .reset, targetIDs: try step.integers("reset"), resumeToken: token))
        } else if step["removed"] != nil {
            let cause = try (step["cause"] as? [String: Any]).map {
                TargetChange.Cause(code: Int32(try $0.integer("code")), message: $0["message"] as? String ?? "")
            }
            return .target(TargetChange(kind: .remove, targetIDs: try step.integers("removed"), cause: cause))
        } else if step["filter"] != nil {
            let bloom = try (step["bloom"] as? [String: Any]).map { bloom in
                BloomFilterBits(
                    bitmap: try ProtoJSON.bytes(bloom["bitmap"]),
                    padding: Int32(try bloom.integer("padding", default: 0)),
                    hashCount: Int32(try bloom.integer("hashCount"))
                )
            }
            let filter = ExistenceFilter(
                targetID: Int32(try step.integer("filter")),
                count: Int32(try step.integer("count")),
                unchangedNames: bloom
            )
            return .existenceFilter(filter)
        }
        return nil
    }

    /// A document from `{"doc": "c/d1", "update": 1, "create": 1, "fields": {…}, "targets": [1]}` (or
    /// `"name"` for `"doc"`), with the targets it is sent for.
    static func document(_ json: Any, defaultTargets: [Int32]) throws -> (Document, [Int32]) {
        guard let object = json as? [String: Any] else { throw FixtureError("not a document: \(json)") }
        let name = try (object["doc"] as? String) ?? object.string("name")
        let update = try time(object["update"] as Any)
        let document = Document(
            name: absolute(name),
            fields: try (object["fields"] as? [String: Any] ?? [:]).mapValues(value),
            createTime: try object["create"].map(time) ?? update,
            updateTime: update
        )
        let targets = object["targets"] == nil ? defaultTargets : try object.integers("targets")
        return (document, targets)
    }

    /// Plain JSON as a Firestore value: numbers written with a fraction or exponent are doubles.
    static func value(_ json: Any) throws -> FirestoreValue {
        switch json {
        case is NSNull: return .null
        case let text as String: return .string(text)
        case let number as NSNumber:
            switch String(cString: number.objCType) {
            case "c": return .boolean(number.boolValue)
            case "d", "f": return .double(number.doubleValue)
            default: return .integer(number.int64Value)
            }
        case let list as [Any]: return .array(try list.map(value))
        case let object as [String: Any]: return .map(try object.mapValues(value))
        default: throw FixtureError("not a JSON value: \(json)")
        }
    }

    static func time(_ json: Any) throws -> Timestamp {
        if let seconds = json as? Int { return Timestamp(seconds: Int64(seconds)) }
        return try ProtoJSON.timestamp(json)
    }

    static func absolute(_ name: String) -> String {
        root + "/" + name
    }

    static func relative(_ document: Document) -> String {
        String(document.name.dropFirst(root.count + 1))
    }
}
