internal import Foundation

/// Writes whole lines to standard output or standard error, each written at once (no buffering: standard
/// output is often a pipe to a script that waits for the line).
///
/// A write to a closed pipe (`firestore-listen … | head -1`) fails instead of killing the process
/// (`main` catches SIGPIPE with a handler that does nothing), and the listener then ends cleanly. Thread safety: the caller serialises.
struct LineWriter: Sendable {
    private let handle: @Sendable () -> FileHandle

    static let standardOutput = LineWriter { FileHandle.standardOutput }
    static let standardError = LineWriter { FileHandle.standardError }

    /// Writes `line` and a newline. Returns false when the reader is gone or the write failed.
    @discardableResult
    func write(_ line: String) -> Bool {
        do {
            try handle().write(contentsOf: Data((line + "\n").utf8))
            return true
        } catch {
            return false
        }
    }
}
