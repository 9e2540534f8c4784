import Synchronization

/// The lines a child process has written to one pipe: all of them, and a cursor of those consumed.
///
/// A reader thread appends bytes and finally calls `finish()` at end of file; test code takes lines in
/// order. Thread-safe: every member goes through one `Mutex`.
final class OutputLines: Sendable {
    /// What `take(where:)` found.
    enum Taken: Equatable {
        case line(String)
        /// No matching line yet; more may come.
        case none
        /// No matching line, and the pipe has reached end of file.
        case finished
    }

    private struct State {
        var lines: [String] = []
        var partial: [UInt8] = []
        var consumed = 0
        var finished = false
    }

    private let state = Mutex(State())

    /// Every complete line so far, consumed or not.
    var all: [String] { state.withLock { $0.lines } }

    /// Everything so far as text, including a last line without its newline.
    var text: String {
        state.withLock { state in
            state.lines.map { $0 + "\n" }.joined() + String(decoding: state.partial, as: UTF8.self)
        }
    }

    var isFinished: Bool { state.withLock { $0.finished } }

    func append(_ bytes: some Sequence<UInt8>) {
        state.withLock { state in
            for byte in bytes {
                if byte == UInt8(ascii: "\n") {
                    state.lines.append(String(decoding: state.partial, as: UTF8.self))
                    state.partial.removeAll(keepingCapacity: true)
                } else {
                    state.partial.append(byte)
                }
            }
        }
    }

    /// Marks end of file; a last line without a newline still counts as a line.
    func finish() {
        state.withLock { state in
            if !state.partial.isEmpty {
                state.lines.append(String(decoding: state.partial, as: UTF8.self))
                state.partial.removeAll()
            }
            state.finished = true
        }
    }

    /// Consumes lines up to and including the first unconsumed one that matches.
    ///
    /// Lines before it are consumed too (they stay in `all`); when none matches, nothing is consumed.
    func take(where matches: (String) -> Bool) -> Taken {
        state.withLock { state in
            guard let index = state.lines[state.consumed...].firstIndex(where: matches) else {
                return state.finished ? .finished : .none
            }
            state.consumed = index + 1
            return .line(state.lines[index])
        }
    }
}
