internal import CFirestoreProtos

/// A walk over protobuf bytes, guided by protobuf-c's own descriptors, before protobuf-c unpacks them.
///
/// protobuf-c unpacks nested messages recursively with no depth limit, so hostile bytes nested a
/// million levels deep would overflow the stack inside C. The scan reads tags and lengths exactly as
/// protobuf-c does, descends into every field that protobuf-c would unpack as a message, at most
/// ``Wire/maximumDepth`` levels deep, and rejects: deeper nesting; a truncated tag, varint, length or
/// fixed-size value; a length beyond `Int32.max`; field number 0; group and reserved wire types; a
/// known field with a wire type that its type cannot have. Unknown fields are skipped, as protobuf-c
/// keeps them unparsed. It allocates nothing and reads `bytes` only.
struct WireScan {
    private let bytes: UnsafeBufferPointer<UInt8>
    private let name: String

    private init(bytes: UnsafeBufferPointer<UInt8>, name: String) {
        self.bytes = bytes
        self.name = name
    }

    /// - Throws: ``WireError`` naming `name` (the message expected, e.g. "ListenResponse") and the first problem.
    static func check(
        _ bytes: [UInt8],
        as descriptor: UnsafePointer<ProtobufCMessageDescriptor>,
        name: String
    ) throws(WireError) {
        try bytes.withUnsafeBufferPointer { buffer throws(WireError) in
            let scan = WireScan(bytes: buffer, name: name)
            try scan.message(from: 0, to: buffer.count, descriptor: descriptor, depth: 0)
        }
    }

    private func message(
        from start: Int,
        to end: Int,
        descriptor: UnsafePointer<ProtobufCMessageDescriptor>,
        depth: Int
    ) throws(WireError) {
        var offset = start
        while offset < end {
            let (number, wireType) = try tag(at: &offset, end: end, in: descriptor)
            let field = Self.field(number, of: descriptor)
            switch wireType {
            case 0:
                try skipVarint(at: &offset, end: end, in: descriptor)
                try expect(field, wireType: 0, allowed: Self.varintTypes, in: descriptor)
            case 1:
                try skip(8, at: &offset, end: end, in: descriptor)
                try expect(field, wireType: 1, allowed: Self.fixed64Types, in: descriptor)
            case 5:
                try skip(4, at: &offset, end: end, in: descriptor)
                try expect(field, wireType: 5, allowed: Self.fixed32Types, in: descriptor)
            case 2:
                let length = try self.length(at: &offset, end: end, in: descriptor)
                let contentStart = offset
                try skip(length, at: &offset, end: end, in: descriptor)
                guard let field else { continue }
                if field.type == PROTOBUF_C_TYPE_MESSAGE {
                    guard depth < Wire.maximumDepth else {
                        throw WireError(message: "\(name) nests messages deeper than \(Wire.maximumDepth) levels")
                    }
                    let nested = field.descriptor.assumingMemoryBound(to: ProtobufCMessageDescriptor.self)
                    try message(from: contentStart, to: offset, descriptor: nested, depth: depth + 1)
                } else if field.type != PROTOBUF_C_TYPE_STRING && field.type != PROTOBUF_C_TYPE_BYTES
                    && field.label != PROTOBUF_C_LABEL_REPEATED
                {
                    throw wrongWireType(field, 2, in: descriptor)
                }
            default:
                throw problem("has a field with wire type \(wireType), which Firestore never sends", in: descriptor)
            }
        }
    }

    /// Reads a tag as protobuf-c's `parse_tag_and_wiretype` does: at most 5 bytes, bits past 32 dropped.
    private func tag(
        at offset: inout Int,
        end: Int,
        in descriptor: UnsafePointer<ProtobufCMessageDescriptor>
    ) throws(WireError) -> (number: UInt32, wireType: UInt8) {
        let first = bytes[offset]
        var number = UInt32((first & 0x7f) >> 3)
        var shift: UInt32 = 4
        var index = offset
        while bytes[index] & 0x80 != 0 {
            index += 1
            guard index < end, index - offset < 5 else {
                throw problem("has a truncated or overlong tag", in: descriptor)
            }
            number |= UInt32(bytes[index] & 0x7f) << shift
            shift += 7
        }
        offset = index + 1
        guard number != 0 else { throw problem("has a field numbered 0", in: descriptor) }
        return (number, first & 7)
    }

    /// Reads a length prefix as protobuf-c's `scan_length_prefixed_data` does: at most 5 bytes.
    private func length(
        at offset: inout Int,
        end: Int,
        in descriptor: UnsafePointer<ProtobufCMessageDescriptor>
    ) throws(WireError) -> Int {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        for index in offset..<min(offset + 5, end) {
            value |= UInt64(bytes[index] & 0x7f) << shift
            shift += 7
            if bytes[index] & 0x80 == 0 {
                offset = index + 1
                guard value <= UInt64(Int32.max) else { throw problem("has a length beyond 2 GiB", in: descriptor) }
                return Int(value)
            }
        }
        throw problem("has a truncated or overlong length", in: descriptor)
    }

    private func skipVarint(
        at offset: inout Int,
        end: Int,
        in descriptor: UnsafePointer<ProtobufCMessageDescriptor>
    ) throws(WireError) {
        for index in offset..<min(offset + 10, end) where bytes[index] & 0x80 == 0 {
            offset = index + 1
            return
        }
        throw problem("has a truncated or overlong varint", in: descriptor)
    }

    private func skip(
        _ count: Int,
        at offset: inout Int,
        end: Int,
        in descriptor: UnsafePointer<ProtobufCMessageDescriptor>
    ) throws(WireError) {
        guard end - offset >= count else { throw problem("is truncated", in: descriptor) }
        offset += count
    }

    private func expect(
        _ field: ProtobufCFieldDescriptor?,
        wireType: UInt8,
        allowed: [ProtobufCType],
        in descriptor: UnsafePointer<ProtobufCMessageDescriptor>
    ) throws(WireError) {
        guard let field, !allowed.contains(field.type) else { return }
        throw wrongWireType(field, wireType, in: descriptor)
    }

    private func wrongWireType(
        _ field: ProtobufCFieldDescriptor,
        _ wireType: UInt8,
        in descriptor: UnsafePointer<ProtobufCMessageDescriptor>
    ) -> WireError {
        problem(
            "has field \(field.id) (\(String(cString: field.name))) with the wrong wire type \(wireType)",
            in: descriptor)
    }

    private func problem(_ text: String, in descriptor: UnsafePointer<ProtobufCMessageDescriptor>) -> WireError {
        let message = String(cString: descriptor.pointee.name)
        return WireError(message: "\(name) is malformed: \(message) \(text)")
    }

    private static func field(
        _ number: UInt32,
        of descriptor: UnsafePointer<ProtobufCMessageDescriptor>
    ) -> ProtobufCFieldDescriptor? {
        let fields = UnsafeBufferPointer(start: descriptor.pointee.fields, count: Int(descriptor.pointee.n_fields))
        return fields.first { $0.id == number }
    }

    private static let varintTypes = [
        PROTOBUF_C_TYPE_INT32, PROTOBUF_C_TYPE_SINT32, PROTOBUF_C_TYPE_UINT32, PROTOBUF_C_TYPE_INT64,
        PROTOBUF_C_TYPE_SINT64, PROTOBUF_C_TYPE_UINT64, PROTOBUF_C_TYPE_BOOL, PROTOBUF_C_TYPE_ENUM,
    ]
    private static let fixed64Types = [PROTOBUF_C_TYPE_FIXED64, PROTOBUF_C_TYPE_SFIXED64, PROTOBUF_C_TYPE_DOUBLE]
    private static let fixed32Types = [PROTOBUF_C_TYPE_FIXED32, PROTOBUF_C_TYPE_SFIXED32, PROTOBUF_C_TYPE_FLOAT]
}
