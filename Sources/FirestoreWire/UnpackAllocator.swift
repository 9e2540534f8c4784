internal import CFirestoreProtos

/// The `ProtobufCAllocator` that ``UnpackedMessage`` hands to protobuf-c, and the reading of the
/// strings it allocated.
///
/// Every block starts with a hidden header holding its size. protobuf-c allocates a string field as
/// exactly its wire length plus one byte for the NUL terminator, so the header gives a string's true
/// length even when it contains U+0000, which `strlen` would cut short. The allocator keeps no state;
/// ``UnpackedMessage`` owns the `ProtobufCAllocator` value and frees the message through it.
enum UnpackAllocator {
    /// Room for the size, kept at 16 bytes so that the blocks stay 16-byte aligned as `malloc`'s are.
    private static let headerSize = 16

    /// A new allocator value; the caller owns it and deallocates it after the last message it
    /// unpacked is freed.
    static func make() -> UnsafeMutablePointer<ProtobufCAllocator> {
        let allocator = UnsafeMutablePointer<ProtobufCAllocator>.allocate(capacity: 1)
        allocator.initialize(
            to: ProtobufCAllocator(
                alloc: { _, size in
                    let block = UnsafeMutableRawPointer.allocate(
                        byteCount: UnpackAllocator.headerSize + size, alignment: 16)
                    block.storeBytes(of: size, as: Int.self)
                    return block + UnpackAllocator.headerSize
                },
                free: { _, pointer in
                    guard let pointer else { return }
                    (pointer - UnpackAllocator.headerSize).deallocate()
                },
                allocator_data: nil
            )
        )
        return allocator
    }

    /// protobuf-c's static empty string, which unset string fields point to instead of an allocation.
    private static let emptyString: UInt = {
        var status = Google__Rpc__Status()
        google__rpc__status__init(&status)
        return UInt(bitPattern: status.message)
    }()

    /// The string field `pointer` of a message that protobuf-c unpacked with an allocator from
    /// ``make()``, in full, including any U+0000.
    ///
    /// - Throws: ``WireError`` when the bytes are not UTF-8; `field` names the field in the message.
    static func string(_ pointer: UnsafePointer<CChar>?, field: String) throws(WireError) -> String {
        guard let pointer, UInt(bitPattern: pointer) != emptyString else { return "" }
        let size = UnsafeRawPointer(pointer - headerSize).load(as: Int.self)
        precondition(size >= 1 && pointer[size - 1] == 0, "protobuf-c no longer allocates a string as length + 1")
        let bytes = UnsafeRawBufferPointer(start: pointer, count: size - 1)
        guard let string = String(validating: bytes, as: UTF8.self) else {
            throw WireError(message: "\(field) is not valid UTF-8")
        }
        return string
    }
}
