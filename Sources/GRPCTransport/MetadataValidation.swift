/// Checks metadata as gRPC does before a batch starts, so that bad input is a `Status` rather than a
/// `GRPC_CALL_ERROR_INVALID_METADATA` (which `check` treats as a bug).
///
/// Keys: non-empty, `0-9 a-z - _ .` only (lowercase). Values of keys not ending in `-bin`: printable
/// ASCII (0x20…0x7E).
/// - Throws: `Status` `INVALID_ARGUMENT` naming the offending key.
func validateMetadata(_ metadata: [(String, String)]) throws(Status) {
    for (key, value) in metadata {
        let keyIsLegal =
            !key.isEmpty
            && key.utf8.allSatisfy { byte in
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                    || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".")
            }
        guard keyIsLegal else {
            throw Status(code: .invalidArgument, message: "illegal metadata key '\(key)'")
        }
        let valueIsLegal = key.hasSuffix("-bin") || value.utf8.allSatisfy { (0x20...0x7E).contains($0) }
        guard valueIsLegal, !value.utf8.contains(0) else {
            throw Status(code: .invalidArgument, message: "illegal value for metadata key '\(key)'")
        }
    }
}
