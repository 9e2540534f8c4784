internal import CFirestoreProtos

/// Owns every C allocation made while one request is built for protobuf-c to pack.
///
/// The messages built in an arena point at each other and at arena-owned strings and arrays; nothing
/// else points into them. ``withArena(_:)`` keeps the arena alive while its body builds and packs, and
/// `deinit` frees every block afterwards, so no pointer may escape the body. Confined to one call on
/// one thread.
final class EncodeArena {
    private var blocks: [UnsafeMutableRawPointer] = []

    private init() {}

    deinit {
        for block in blocks { block.deallocate() }
    }

    /// Runs `body` with a fresh arena and frees the arena's allocations when it returns.
    static func withArena<Result>(_ body: (EncodeArena) -> Result) -> Result {
        let arena = EncodeArena()
        return withExtendedLifetime(arena) { body(arena) }
    }

    /// A new message, set to its defaults by the protoc-c `…__init` function `initialize`.
    func message<Message>(_ initialize: (UnsafeMutablePointer<Message>?) -> Void) -> UnsafeMutablePointer<Message> {
        let message = UnsafeMutablePointer<Message>.allocate(capacity: 1)
        blocks.append(UnsafeMutableRawPointer(message))
        initialize(message)
        return message
    }

    /// A NUL-terminated copy of `utf8`, which contains no NUL byte.
    func cString(_ utf8: [UInt8]) -> UnsafeMutablePointer<CChar> {
        array(utf8.map { CChar(bitPattern: $0) } + [0])
    }

    /// A copy of `bytes` as protobuf-c's `ProtobufCBinaryData`.
    func bytes(_ bytes: [UInt8]) -> ProtobufCBinaryData {
        ProtobufCBinaryData(len: bytes.count, data: array(bytes))
    }

    /// A C array holding `elements`, which are trivial C values or pointers (the arena frees the
    /// memory without deinitializing it). It has at least one slot, so it is never a NULL pointer.
    func array<Element>(_ elements: [Element]) -> UnsafeMutablePointer<Element> {
        let array = UnsafeMutablePointer<Element>.allocate(capacity: max(elements.count, 1))
        blocks.append(UnsafeMutableRawPointer(array))
        _ = UnsafeMutableBufferPointer(start: array, count: elements.count).initialize(from: elements)
        return array
    }

    /// The wire bytes of `message`, a protoc-c message whose first member is its `ProtobufCMessage base`.
    func pack<Message>(_ message: UnsafeMutablePointer<Message>) -> [UInt8] {
        let base = UnsafeMutableRawPointer(message).assumingMemoryBound(to: ProtobufCMessage.self)
        let size = protobuf_c_message_get_packed_size(base)
        return [UInt8](unsafeUninitializedCapacity: max(size, 1)) { buffer, count in
            count = protobuf_c_message_pack(base, buffer.baseAddress)
            precondition(count == size, "protobuf-c packed \(count) bytes, having promised \(size)")
        }
    }
}
