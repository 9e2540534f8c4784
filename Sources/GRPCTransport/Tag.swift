/// The integer a batch is started with and comes back with from `fl_channel_next`: the call's id and which
/// of its batches completed. Only integers cross into C; the poller looks the id up in `ChannelState`.
struct Tag: Hashable {
    /// A call's batches; at most one of each is outstanding at a time.
    enum Operation: Int, Hashable {
        /// A stream's first batch: send metadata, receive metadata and the final status.
        case status = 1
        case receive = 2
        case send = 3
        case closeSend = 4
        /// A unary call's only batch.
        case unary = 5
    }

    private static let operationBits = 3

    let callID: UInt64
    let operation: Operation

    init(_ callID: UInt64, _ operation: Operation) {
        self.callID = callID
        self.operation = operation
    }

    /// Decodes a tag this module made; anything else is a bug and traps.
    init(rawValue: Int) {
        guard let operation = Operation(rawValue: rawValue & (1 << Self.operationBits - 1)) else {
            preconditionFailure("completion queue returned a tag this module never made: \(rawValue)")
        }
        self.init(UInt64(rawValue >> Self.operationBits), operation)
    }

    /// Never 0: call ids start at 1.
    var rawValue: Int {
        Int(callID) << Self.operationBits | operation.rawValue
    }
}
