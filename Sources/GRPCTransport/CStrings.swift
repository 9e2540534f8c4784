#if canImport(Glibc)
    internal import Glibc
#elseif canImport(Darwin)
    internal import Darwin
#endif

/// Calls `body` with NUL-terminated C copies of `strings` (nil stays NULL), freed when `body` returns.
///
/// - Parameter strings: each value with what it is, to name it when it is refused ("the method").
/// - Throws: `Status` `INVALID_ARGUMENT` naming the first value that holds a NUL (U+0000), before `body`
///   runs: its C copy would end there, silently cut, and gRPC cannot carry it (metadata allows no NUL).
func withCStrings<Result>(
    _ strings: [(name: String, value: String?)],
    _ body: ([UnsafePointer<CChar>?]) -> Result
) throws(Status) -> Result {
    if let refused = strings.first(where: { $0.value?.utf8.contains(0) == true }) {
        throw Status(
            code: .invalidArgument, message: "\(refused.name) contains a NUL character, which gRPC cannot carry")
    }
    let copies = strings.map { string in string.value.map { strdup($0)! } }  // owned: freed below
    defer { copies.forEach { free($0) } }
    return body(copies.map { copy in copy.map { UnsafePointer($0) } })
}

/// Takes a string the shim allocated (`fl_call_copy_*`): returns it as a `String` and frees it.
func takeCString(_ pointer: UnsafeMutablePointer<CChar>?) -> String? {
    guard let pointer else { return nil }
    defer { free(pointer) }
    return String(cString: pointer)
}
