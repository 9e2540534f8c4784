internal import CFirestoreProtos

/// The unique owner of one message that protobuf-c unpacked: `deinit` frees it, with every
/// sub-message, string and array, through the allocator it was unpacked with.
///
/// Read it with ``read(_:)``; pointers reached through the message must not outlive that call.
struct UnpackedMessage<Message>: ~Copyable {
    private let message: UnsafeMutablePointer<Message>
    private let allocator: UnsafeMutablePointer<ProtobufCAllocator>

    /// Checks `bytes` with ``WireScan``, then unpacks them as the message type that the protoc-c
    /// function `initialize` (`google__firestore__v1__…__init`) belongs to.
    ///
    /// - Throws: ``WireError`` when the scan or protobuf-c rejects the bytes; `name` names the message.
    init(
        _ bytes: [UInt8],
        as name: String,
        initialize: (UnsafeMutablePointer<Message>?) -> Void
    ) throws(WireError) {
        let descriptor = Self.descriptor(initialize)
        try WireScan.check(bytes, as: descriptor, name: name)
        let allocator = UnpackAllocator.make()
        let unpacked = bytes.withUnsafeBufferPointer {
            protobuf_c_message_unpack(descriptor, allocator, $0.count, $0.baseAddress)
        }
        guard let unpacked else {
            allocator.deallocate()
            throw WireError(message: "\(name) is malformed protobuf (protobuf-c rejected it)")
        }
        self.message = UnsafeMutableRawPointer(unpacked).assumingMemoryBound(to: Message.self)
        self.allocator = allocator
    }

    /// The static descriptor of `Message`, read from a default instance (the C global's address does
    /// not import into Swift).
    private static func descriptor(
        _ initialize: (UnsafeMutablePointer<Message>?) -> Void
    ) -> UnsafePointer<ProtobufCMessageDescriptor> {
        let instance = UnsafeMutablePointer<Message>.allocate(capacity: 1)
        defer { instance.deallocate() }
        initialize(instance)
        let base = UnsafeRawPointer(instance).assumingMemoryBound(to: ProtobufCMessage.self)
        return base.pointee.descriptor
    }

    deinit {
        let base = UnsafeMutableRawPointer(message).assumingMemoryBound(to: ProtobufCMessage.self)
        protobuf_c_message_free_unpacked(base, allocator)
        allocator.deallocate()
    }

    /// Runs `body` with the unpacked message.
    func read<Result>(_ body: (Message) throws(WireError) -> Result) throws(WireError) -> Result {
        try body(message.pointee)
    }
}
