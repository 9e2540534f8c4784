import Testing

/// Every GRPCTransport test, run one at a time: they share the emulator, and the memory test measures
/// the whole process.
@Suite(.serialized) enum TransportTests {}
