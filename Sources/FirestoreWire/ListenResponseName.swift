/// The document a `ListenResponse` is about, read from its bytes without decoding them: for the message
/// of a response that does not decode. Tolerant: anything unexpected gives nil.
enum ListenResponseName {
    /// The name in `document_change.document.name` (3.1.1), `document_delete.document` (4.1) or
    /// `document_remove.document` (6.1), when it is readable UTF-8.
    static func document(in bytes: [UInt8]) -> String? {
        for (field, path) in [(3, [1, 1]), (4, [1]), (6, [1])] {
            guard var span = Self.field(field, in: bytes[...]) else { continue }
            for inner in path {
                guard let next = Self.field(inner, in: span) else { return nil }
                span = next
            }
            return String(validating: span, as: UTF8.self)
        }
        return nil
    }

    /// The bytes of the first length-delimited field `number` in `message`.
    private static func field(_ number: Int, in message: ArraySlice<UInt8>) -> ArraySlice<UInt8>? {
        var offset = message.startIndex
        while offset < message.endIndex {
            guard let key = varint(message, &offset) else { return nil }
            switch key & 7 {
            case 0: guard varint(message, &offset) != nil else { return nil }
            case 1: offset += 8
            case 5: offset += 4
            case 2:
                guard let length = varint(message, &offset), length <= UInt64(message.endIndex - offset) else {
                    return nil
                }
                let end = offset + Int(length)
                if key >> 3 == UInt64(number) { return message[offset..<end] }
                offset = end
            default: return nil
            }
        }
        return nil
    }

    private static func varint(_ bytes: ArraySlice<UInt8>, _ offset: inout Int) -> UInt64? {
        var value: UInt64 = 0
        for shift in stride(from: 0, to: 64, by: 7) {
            guard offset < bytes.endIndex else { return nil }
            let byte = bytes[offset]
            offset += 1
            value |= UInt64(byte & 0x7F) << UInt64(shift)
            if byte & 0x80 == 0 { return value }
        }
        return nil
    }
}
