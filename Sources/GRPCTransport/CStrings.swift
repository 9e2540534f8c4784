#if canImport(Glibc)
    internal import Glibc
#elseif canImport(Darwin)
    internal import Darwin
#endif

/// Calls `body` with NUL-terminated C copies of `strings` (nil stays NULL), freed when `body` returns.
///
/// The copies stop at an embedded NUL; callers pass strings without one (metadata is validated first).
func withCStrings<Result, Failure: Error>(
    _ strings: [String?],
    _ body: ([UnsafePointer<CChar>?]) throws(Failure) -> Result
) throws(Failure) -> Result {
    let copies = strings.map { string in string.map { strdup($0)! } }  // owned: freed below
    defer { copies.forEach { free($0) } }
    return try body(copies.map { copy in copy.map { UnsafePointer($0) } })
}

/// Takes a string the shim allocated (`fl_call_copy_*`): returns it as a `String` and frees it.
func takeCString(_ pointer: UnsafeMutablePointer<CChar>?) -> String? {
    guard let pointer else { return nil }
    defer { free(pointer) }
    return String(cString: pointer)
}
