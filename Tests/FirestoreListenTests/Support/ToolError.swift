/// Why a test tool (a Python helper or the CLI) did not do what the test waited for.
///
/// Each case names the tool and carries the end of its standard error, so a failing test shows why.
struct ToolError: Error, CustomStringConvertible {
    let tool: String
    let problem: String
    let stderr: String

    var description: String {
        let tail = stderr.split(separator: "\n", omittingEmptySubsequences: false).suffix(20).joined(separator: "\n")
        return "\(tool): \(problem)" + (tail.isEmpty ? "" : "\n--- stderr (end) ---\n\(tail)")
    }
}
