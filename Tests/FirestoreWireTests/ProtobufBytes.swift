/// Hand-made protobuf bytes for inputs that no well-behaved encoder produces: wrong wire types, bad
/// UTF-8, unknown enum values, absurd nesting.
enum ProtobufBytes {
    static func varint(_ value: UInt64) -> [UInt8] {
        var value = value
        var bytes: [UInt8] = []
        while value >= 0x80 {
            bytes.append(UInt8(value & 0x7f) | 0x80)
            value >>= 7
        }
        return bytes + [UInt8(value)]
    }

    static func tag(_ field: UInt64, wireType: UInt64) -> [UInt8] {
        varint(field << 3 | wireType)
    }

    /// A varint field (wire type 0).
    static func field(_ number: UInt64, varint value: UInt64) -> [UInt8] {
        tag(number, wireType: 0) + varint(value)
    }

    /// A length-delimited field (wire type 2).
    static func field(_ number: UInt64, _ content: [UInt8]) -> [UInt8] {
        tag(number, wireType: 2) + varint(UInt64(content.count)) + content
    }

    static func field(_ number: UInt64, string: String) -> [UInt8] {
        field(number, Array(string.utf8))
    }

    /// A `ListenResponse` whose `document_change` holds a document with one field, `v`, set to the
    /// `google.firestore.v1.Value` bytes `value`.
    static func listenResponse(documentValue value: [UInt8]) -> [UInt8] {
        let entry = field(1, string: "v") + field(2, value)
        let document = field(1, string: "projects/p/databases/(default)/documents/c/d") + field(2, entry)
        return field(3, field(1, document))
    }

    /// A `Value` holding `levels` arrays, each the only element of the one around it, around a null:
    /// 2 × `levels` + 1 messages deep. Built back to front, so that it takes linear time.
    static func nestedArrays(_ levels: Int) -> [UInt8] {
        var reversed: [UInt8] = (field(11, varint: 0)).reversed()
        for _ in 0..<levels {
            for number: UInt64 in [1, 9] {  // ArrayValue.values, then Value.array_value
                reversed += (tag(number, wireType: 2) + varint(UInt64(reversed.count))).reversed()
            }
        }
        return reversed.reversed()
    }
}
