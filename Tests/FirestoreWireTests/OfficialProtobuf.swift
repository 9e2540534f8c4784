import Foundation

/// Google's own protobuf encoder and decoder: `Tests/Tools/official_protobuf.py`, run with the Python
/// of the repository's `.venv` (google-cloud-firestore), or `FIRESTORE_LISTEN_PYTHON` if set.
///
/// Each call starts Python once (about half a second) for a whole batch of requests. A missing Python
/// or a failed request throws, so the test fails loudly rather than skipping.
enum OfficialProtobuf {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The serialized bytes of each `(type, protoJSON)`, built with `TYPE.from_json`.
    static func encode(_ type: String, _ jsons: [String]) throws -> [[UInt8]] {
        try run(jsons.map { ["encode": type, "json": $0] }).map { try bytes($0) }
    }

    /// For each `(bytes, expected proto JSON)`: our bytes as Google's parser reads them, and the
    /// expectation, both as canonical JSON (protobuf's JSON mapping, sorted keys).
    static func compare(_ type: String, _ cases: [(bytes: [UInt8], json: String)]) throws -> [(
        actual: String, expected: String
    )] {
        let requests = cases.map { ["compare": type, "hex": hex($0.bytes), "json": $0.json] }
        return try run(requests).map { answer in
            guard let actual = answer["actual"], let expected = answer["expected"] else {
                throw Failure(description: "official_protobuf.py: \(answer["error"] ?? "no answer")")
            }
            return (actual, expected)
        }
    }

    /// For each `CommitRequest`: a `ListenResponse` with a `document_change` carrying the document of
    /// its first write, as Google's library parses and re-serializes it.
    static func rewrap(commitRequests: [[UInt8]]) throws -> [[UInt8]] {
        try run(commitRequests.map { ["rewrap": hex($0)] }).map { try bytes($0) }
    }

    private static func run(_ requests: [[String: String]]) throws -> [[String: String]] {
        let process = Process()
        process.executableURL = try python()
        process.arguments = [repository.appendingPathComponent("Tests/Tools/official_protobuf.py").path]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(try JSONSerialization.data(withJSONObject: requests))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        // Not `waitUntilExit()`: on Linux it can spin for ever on a Swift concurrency thread. The output
        // has ended, so the process is exiting; give Foundation a moment to reap it.
        for _ in 0..<500 where process.isRunning { usleep(10_000) }
        guard !process.isRunning, process.terminationStatus == 0,
            let answers = try JSONSerialization.jsonObject(with: data) as? [[String: String]],
            answers.count == requests.count
        else {
            throw Failure(description: "official_protobuf.py failed (exit \(process.terminationStatus))")
        }
        return answers
    }

    private static func bytes(_ answer: [String: String]) throws -> [UInt8] {
        guard let hex = answer["hex"] else {
            throw Failure(description: "official_protobuf.py: \(answer["error"] ?? "no answer")")
        }
        var bytes: [UInt8] = []
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 2)
            bytes.append(UInt8(hex[index..<next], radix: 16)!)
            index = next
        }
        return bytes
    }

    private static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
    }

    /// The repository root: this file is `Tests/FirestoreWireTests/OfficialProtobuf.swift`.
    private static var repository: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }

    private static func python() throws -> URL {
        let path =
            ProcessInfo.processInfo.environment["FIRESTORE_LISTEN_PYTHON"]
            ?? repository.appendingPathComponent(".venv/bin/python").path
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw Failure(
                description:
                    "no Python with google-cloud-firestore at \(path): run Scripts/install-deps or set FIRESTORE_LISTEN_PYTHON"
            )
        }
        return URL(fileURLWithPath: path)
    }
}
