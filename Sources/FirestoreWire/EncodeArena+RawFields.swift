internal import CFirestoreProtos

/// Field values that protobuf-c's C structs cannot carry, sent as raw fields instead.
///
/// protobuf-c packs a message's `unknown_fields` verbatim after its known fields, and a receiver
/// parses them by number like any other field. Two values need that: a string containing U+0000,
/// because protobuf-c measures a `char *` with `strlen`; and a double `-0.0` outside a oneof (a geo
/// point's latitude or longitude), because protobuf-c omits a proto3 double that compares equal to 0.
extension EncodeArena {
    /// The C string to store in string field `number` of `message`, or nil when `string` contains
    /// U+0000: then it is stored as a raw field of `message`, and the member must stay NULL (or its
    /// oneof case unset).
    func string<Message>(_ string: String, field number: UInt32, of message: UnsafeMutablePointer<Message>)
        -> UnsafeMutablePointer<CChar>?
    {
        let utf8 = Array(string.utf8)
        guard utf8.contains(0) else { return cString(utf8) }
        appendRawField(number, PROTOBUF_C_WIRE_TYPE_LENGTH_PREFIXED, Self.varint(utf8.count) + utf8, to: message)
        return nil
    }

    /// The C strings to store in repeated string field `number` of `message`: all of them, or none
    /// when one contains U+0000, in which case all are stored as raw fields of `message`, in order.
    func strings<Message>(_ strings: [String], field number: UInt32, of message: UnsafeMutablePointer<Message>)
        -> (count: Int, array: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>)
    {
        let utf8 = strings.map { Array($0.utf8) }
        guard utf8.contains(where: { $0.contains(0) }) else {
            return (utf8.count, array(utf8.map { Optional(cString($0)) }))
        }
        for string in utf8 {
            appendRawField(
                number, PROTOBUF_C_WIRE_TYPE_LENGTH_PREFIXED, Self.varint(string.count) + string, to: message)
        }
        return (0, array([]))
    }

    /// The value to store in the proto3 double field `number` of `message`: `value`, or `0` when it
    /// is `-0.0`, which is then stored as a raw field of `message`.
    func double<Message>(_ value: Double, field number: UInt32, of message: UnsafeMutablePointer<Message>) -> Double {
        guard value == 0, value.sign == .minus else { return value }
        let littleEndian = withUnsafeBytes(of: value.bitPattern.littleEndian, Array.init)
        appendRawField(number, PROTOBUF_C_WIRE_TYPE_64BIT, littleEndian, to: message)
        return 0
    }

    /// Appends a field to `message`'s unknown fields; `payload` follows the tag as is (for a
    /// length-delimited field, it starts with the length).
    private func appendRawField<Message>(
        _ number: UInt32,
        _ wireType: ProtobufCWireType,
        _ payload: [UInt8],
        to message: UnsafeMutablePointer<Message>
    ) {
        let base = UnsafeMutableRawPointer(message).assumingMemoryBound(to: ProtobufCMessage.self)
        let existing = UnsafeBufferPointer(
            start: base.pointee.unknown_fields, count: Int(base.pointee.n_unknown_fields))
        let field = ProtobufCMessageUnknownField(
            tag: number, wire_type: wireType, len: payload.count, data: array(payload))
        base.pointee.unknown_fields = array(Array(existing) + [field])
        base.pointee.n_unknown_fields += 1
    }

    private static func varint(_ value: Int) -> [UInt8] {
        var value = UInt64(value)
        var bytes: [UInt8] = []
        while value >= 0x80 {
            bytes.append(UInt8(value & 0x7f) | 0x80)
            value >>= 7
        }
        return bytes + [UInt8(value)]
    }
}
