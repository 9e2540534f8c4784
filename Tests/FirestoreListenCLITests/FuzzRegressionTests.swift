import FirestoreWatch
import Foundation
import Testing

@testable import FirestoreListenCLI

/// The inputs that once failed a fuzz target (Fuzz/regressions/TARGET, replayed by Scripts/fuzz too), checked
/// here with the properties their target checks, so that `swift test` keeps them fixed without libFuzzer.
@Suite struct FuzzRegressionTests {
    private static func inputs(_ target: String) -> [[UInt8]] {
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Fuzz/regressions/\(target)").standardized
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.sorted().compactMap { FileManager.default.contents(atPath: directory.path + "/" + $0) }
            .map { Array($0) }
    }

    @Test func rfc3339TimestampsThatParseFormatBackToThemselves() {
        let inputs = Self.inputs("rfc3339")
        #expect(!inputs.isEmpty)
        for input in inputs {
            guard let timestamp = Timestamp(rfc3339: String(decoding: input, as: UTF8.self)) else { continue }
            #expect(Timestamp(rfc3339: timestamp.rfc3339) == timestamp)
        }
    }

    @Test func commandLineInputsParseOrFailCleanly() throws {
        let inputs = Self.inputs("command-line")
        #expect(!inputs.isEmpty)
        for input in inputs where !input.isEmpty {
            let text = String(decoding: input.dropFirst(), as: UTF8.self)
            switch input[0] {
            case 0:
                guard let path = try? FieldPath(parsing: text, subcommand: "watch") else { continue }
                #expect(try FieldPath(parsing: path.canonical, subcommand: "watch") == path)
            case 1: _ = try? QueryFilter(parsing: text)
            case 2: _ = try? FirestoreValue(commandLine: text)
            default:
                _ = try? Command.parse(
                    input.dropFirst().split(separator: 0, omittingEmptySubsequences: false).map {
                        String(decoding: $0, as: UTF8.self)
                    })
            }
        }
    }
}
