// Fuzz target `command-line`: the command line's parsers. The first byte picks one; the rest is its text.
// - 0: a field path (`FieldPath(parsing:)`); what parses gives itself back from its canonical form.
// - 1: a `--where` clause (`QueryFilter(parsing:)`).
// - 2: a value (`FirestoreValue(commandLine:)`, JSON or a bare string); JSON that parses, and holds only
//   finite numbers, parses back to itself from its serialized form.
// - 3 and up: a whole argv, split at NUL bytes, for `Command.parse`.
import FirestoreWatch

@testable import FirestoreListenCLI

private func isFinite(_ value: JSONValue) -> Bool {
    switch value {
    case .double(let d): d.isFinite
    case .array(let items): items.allSatisfy(isFinite)
    case .object(let members): members.allSatisfy { isFinite($0.1) }
    default: true
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCommandLine(_ data: UnsafeRawPointer?, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let mode = input.byte()
    switch mode {
    case 0:
        let text = String(decoding: input.remaining, as: UTF8.self)
        if let path = try? FieldPath(parsing: text, subcommand: "watch") {
            let again = try? FieldPath(parsing: path.canonical, subcommand: "watch")
            check(again == path, "field path \(path.segments) does not parse back from \(path.canonical)")
        }
    case 1:
        _ = try? QueryFilter(parsing: String(decoding: input.remaining, as: UTF8.self))
    case 2:
        let text = String(decoding: input.remaining, as: UTF8.self)
        _ = try? FirestoreValue(commandLine: text)
        if let json = try? JSONParser.parse(text), isFinite(json) {
            let again = try? JSONParser.parse(json.serialized)
            check(again == json, "JSON \(json.serialized) does not parse back to itself")
        }
    default:
        let arguments = input.split(0).map { String(decoding: $0, as: UTF8.self) }
        _ = try? Command.parse(arguments)
    }
    return 0
}
