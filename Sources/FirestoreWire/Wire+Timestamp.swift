internal import CFirestoreProtos
import FirestoreWatch

extension Wire {
    /// The range of `google.protobuf.Timestamp`: 0001-01-01T00:00:00Z through 9999-12-31T23:59:59.999999999Z.
    static let timestampSeconds: ClosedRange<Int64> = -62_135_596_800...253_402_300_799

    /// A `google.protobuf.Timestamp` built in `arena`.
    static func makeTimestamp(
        _ timestamp: Timestamp,
        in arena: EncodeArena
    ) -> UnsafeMutablePointer<Google__Protobuf__Timestamp> {
        let message = arena.message(google__protobuf__timestamp__init)
        message.pointee.seconds = timestamp.seconds
        message.pointee.nanos = timestamp.nanos
        return message
    }

    /// The timestamp `message` holds, or nil when it is absent.
    ///
    /// - Throws: ``WireError`` when it is outside the range of `google.protobuf.Timestamp`.
    static func timestamp(
        _ message: UnsafePointer<Google__Protobuf__Timestamp>?,
        field: String
    ) throws(WireError) -> Timestamp? {
        guard let message else { return nil }
        let seconds = message.pointee.seconds
        let nanos = message.pointee.nanos
        guard timestampSeconds.contains(seconds), (0...999_999_999).contains(nanos) else {
            throw WireError(message: "\(field) is out of range (seconds \(seconds), nanos \(nanos))")
        }
        return Timestamp(seconds: seconds, nanos: nanos)
    }
}
