// Fuzz target `rfc3339`: `Timestamp(rfc3339:)` on any text; a timestamp that parses is in range and gives
// itself back from its formatted form (`rfc3339`), which is in turn stable.
import FirestoreWatch

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRFC3339(_ data: UnsafeRawPointer?, _ size: Int) -> CInt {
    let text = String(decoding: FuzzInput(data, size).remaining, as: UTF8.self)
    guard let timestamp = Timestamp(rfc3339: text) else { return 0 }
    check((0..<1_000_000_000).contains(timestamp.nanos), "\(text): nanos \(timestamp.nanos)")
    let formatted = timestamp.rfc3339
    let again = Timestamp(rfc3339: formatted)
    check(again == timestamp, "\(text) formats as \(formatted), which parses as \(String(describing: again))")
    check(again?.rfc3339 == formatted, "\(formatted) formats differently the second time")
    return 0
}
