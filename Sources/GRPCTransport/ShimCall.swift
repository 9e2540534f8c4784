internal import CGRPCShim

/// One C call (`fl_call`): the Swift face of the shim's call functions, one method per C function.
///
/// A value, not an owner: the `CallRecord` holding it calls `destroy` exactly once, after the tag of
/// every batch started on it came back (rule 5 of CGRPCShim.h). Used only under `ChannelCore`'s lock.
struct ShimCall {
    private let pointer: OpaquePointer  // owned by the CallRecord that holds this value: fl_call_destroy

    /// Creates the call; starts nothing.
    /// - Parameter timeout: the deadline from now; nil for none (a Listen stream).
    /// - Throws: `Status` `INVALID_ARGUMENT` for metadata gRPC would refuse, or a method holding a NUL;
    ///   `UNAVAILABLE` when gRPC refuses to create the call (the channel is shutting down).
    init(channel: ShimChannel, method: String, metadata: [(String, String)], timeout: Duration?) throws(Status) {
        try validateMetadata(metadata)
        let milliseconds = timeout.map { $0.clampedMilliseconds } ?? -1
        let strings =
            [(name: "the method", value: method)]
            + metadata.map { (name: "metadata key '\($0.0)'", value: $0.0) }
            + metadata.map { (name: "the value of metadata key '\($0.0)'", value: $0.1) }
        let created = try withCStrings(strings) { strings in
            strings.withUnsafeBufferPointer { strings in
                let keys = strings.baseAddress! + 1  // after the method; the values follow the keys
                return fl_call_create(
                    channel.pointer, strings[0], keys, keys + metadata.count, metadata.count, milliseconds
                )
            }
        }
        guard let created else {
            throw Status(code: .unavailable, message: "gRPC refused to create a call of \(method)")
        }
        pointer = created
    }

    func startStream(tag: Tag) {
        check(fl_call_start_stream(pointer, tag.rawValue), "fl_call_start_stream")
    }

    func startUnary(request: [UInt8], tag: Tag) {
        request.withUnsafeBufferPointer { bytes in
            check(fl_call_start_unary(pointer, bytes.baseAddress, bytes.count, tag.rawValue), "fl_call_start_unary")
        }
    }

    func send(_ message: [UInt8], tag: Tag) {
        message.withUnsafeBufferPointer { bytes in
            check(fl_call_send_message(pointer, bytes.baseAddress, bytes.count, tag.rawValue), "fl_call_send_message")
        }
    }

    func receive(tag: Tag) {
        check(fl_call_receive_message(pointer, tag.rawValue), "fl_call_receive_message")
    }

    func closeSend(tag: Tag) {
        check(fl_call_close_send(pointer, tag.rawValue), "fl_call_close_send")
    }

    /// Thread-safe in C; any time before `destroy`.
    func cancel() {
        fl_call_cancel(pointer)
    }

    /// The message the last completed receive got (and frees it in C), or nil when none came.
    func takeMessage() -> [UInt8]? {
        var length = 0
        guard fl_call_message_length(pointer, &length) else { return nil }
        return [UInt8](unsafeUninitializedCapacity: length) { buffer, count in
            // A received buffer is already decompressed by gRPC, so reading it cannot fail.
            precondition(fl_call_take_message(pointer, buffer.baseAddress, length), "fl_call_take_message failed")
            count = length
        }
    }

    /// The final status; after the status (or unary) batch completed.
    var status: Status {
        let code = StatusCode(rawValue: fl_call_status_code(pointer))
        return Status(code: code, message: takeCString(fl_call_copy_status_message(pointer)) ?? "")
    }

    func destroy() {
        fl_call_destroy(pointer)
    }
}

/// The one funnel for the shim's `grpc_call_error` results. This module keeps the shim's threading rule
/// and validates metadata first, so any result but success is a bug here: it traps with gRPC's name for it.
func check(_ result: Int32, _ function: StaticString) {
    guard result != FL_CALL_OK else { return }
    preconditionFailure("\(function): \(String(cString: fl_call_error_description(result)))")
}
