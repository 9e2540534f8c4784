/// Just enough protobuf for the transport tests to build requests and recognise responses, so that they
/// depend on no codec but the wire format.
enum ProtoBytes {
    /// A length-delimited field (string, bytes, message).
    static func field(_ number: Int, _ payload: [UInt8]) -> [UInt8] {
        varint(UInt64(number << 3 | 2)) + varint(UInt64(payload.count)) + payload
    }

    static func field(_ number: Int, _ text: String) -> [UInt8] {
        field(number, Array(text.utf8))
    }

    /// A varint field (int32, enum).
    static func field(_ number: Int, varint value: UInt64) -> [UInt8] {
        varint(UInt64(number << 3)) + varint(value)
    }

    static func varint(_ value: UInt64) -> [UInt8] {
        var value = value
        var bytes: [UInt8] = []
        while value >= 0x80 {
            bytes.append(UInt8(value & 0x7F) | 0x80)
            value >>= 7
        }
        return bytes + [UInt8(value)]
    }

    /// The top-level fields of `message` as (number, wire type, varint value or payload).
    static func fields(_ message: [UInt8]) -> [(number: Int, value: UInt64, payload: [UInt8])] {
        var fields: [(Int, UInt64, [UInt8])] = []
        var index = 0
        func readVarint() -> UInt64 {
            var result: UInt64 = 0
            var shift: UInt64 = 0
            while index < message.count {
                let byte = message[index]
                index += 1
                result |= UInt64(byte & 0x7F) << shift
                if byte < 0x80 { break }
                shift += 7
            }
            return result
        }
        while index < message.count {
            let key = readVarint()
            switch key & 7 {
            case 0:
                fields.append((Int(key >> 3), readVarint(), []))
            case 2:
                let length = Int(readVarint())
                fields.append((Int(key >> 3), 0, Array(message[index..<min(index + length, message.count)])))
                index += length
            case 1:
                index += 8
            case 5:
                index += 4
            default:
                return fields
            }
        }
        return fields
    }
}

/// The requests and responses of the tests, built with `ProtoBytes` (field numbers from firestore.proto).
enum FirestoreBytes {
    /// `ListenRequest{database, add_target: Target{query: {parent, structured_query{from: [collection]}}, target_id}}`.
    static func addQueryTarget(collection: String, targetID: Int32 = 1) -> [UInt8] {
        let from = ProtoBytes.field(2, ProtoBytes.field(2, collection))
        let query = ProtoBytes.field(1, Emulator.database + "/documents") + ProtoBytes.field(2, from)
        let target = ProtoBytes.field(2, query) + ProtoBytes.field(5, varint: UInt64(targetID))
        return ProtoBytes.field(1, Emulator.database) + ProtoBytes.field(2, target)
    }

    /// `CommitRequest{database}`: a commit of zero writes.
    static func emptyCommit() -> [UInt8] {
        ProtoBytes.field(1, Emulator.database)
    }

    /// The kind of a `ListenResponse.target_change` (0 NO_CHANGE, 1 ADD, 2 REMOVE, 3 CURRENT, 4 RESET),
    /// or nil for another response.
    static func targetChangeKind(_ response: [UInt8]) -> UInt64? {
        guard let change = ProtoBytes.fields(response).first(where: { $0.number == 2 }) else { return nil }
        return ProtoBytes.fields(change.payload).first(where: { $0.number == 1 })?.value ?? 0
    }
}
