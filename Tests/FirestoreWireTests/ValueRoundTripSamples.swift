import FirestoreWatch
import FirestoreWire

/// Valid `ListenResponse` bytes holding a variety of values, for the mutation tests: built with the
/// test-only writer, so that they need no Python.
enum ValueRoundTripSamples {
    static func listenResponses() -> [[UInt8]] {
        typealias Bytes = ProtobufBytes
        let values: [[UInt8]] = [
            Bytes.field(17, string: "héllo"),
            Bytes.field(18, [0, 1, 2]),
            Bytes.field(2, varint: UInt64(bitPattern: -5)),
            Bytes.tag(3, wireType: 1) + [0, 0, 0, 0, 0, 0, 0xf8, 0x7f],
            Bytes.field(10, Bytes.field(1, varint: 1_767_225_600) + Bytes.field(2, varint: 5)),
            Bytes.field(8, Bytes.tag(1, wireType: 1) + [UInt8](repeating: 1, count: 8)),
            Bytes.field(6, Bytes.field(1, Bytes.field(1, string: "k") + Bytes.field(2, Bytes.field(1, varint: 1)))),
            Bytes.field(9, Bytes.field(1, Bytes.field(5, string: "projects/p/databases/d/documents/c/d"))),
        ]
        return values.map(Bytes.listenResponse(documentValue:))
    }
}
