import FirestoreWatch
import FirestoreWire
import Testing

/// Bytes that no honest server sends: every one must end in a value or a `WireError`, never a crash,
/// a hang or a leak (run these under `swift test --sanitize=address` too).
@Suite struct HostileInputTests {
    typealias Bytes = ProtobufBytes

    /// ListenResponse (0) → DocumentChange → Document → FieldsEntry → Value (4) → 2 per array level: 198
    /// arrays reach level 400, the limit (`Wire.maximumDepth`).
    @Test func nestingUpToTheLimitDecodes() throws {
        let decoded = try Wire.decodeListenResponse(Bytes.listenResponse(documentValue: Bytes.nestedArrays(198)))
        let expected = (0..<198).reduce(FirestoreValue.null) { inner, _ in .array([inner]) }
        guard case .document(let document, _, _) = decoded else {
            Issue.record("not a document: \(decoded)")
            return
        }
        #expect(document.fields["v"] == expected)
    }

    @Test(arguments: [199, 1_000, 100_000])
    func nestingBeyondTheLimitIsAWireErrorNamingTheDocument(levels: Int) {
        let error = #expect(throws: WireError.self) {
            try Wire.decodeListenResponse(Bytes.listenResponse(documentValue: Bytes.nestedArrays(levels)))
        }
        #expect(
            error?.message
                == "ListenResponse nests messages deeper than 400 levels "
                + "(document projects/p/databases/(default)/documents/c/d)")
    }

    @Test func deepNestingInADocumentIsAWireError() {
        let document = Bytes.field(2, Bytes.field(1, string: "v") + Bytes.field(2, Bytes.nestedArrays(100_000)))
        #expect(throws: WireError.self) { try Wire.decodeDocument(document) }
    }

    /// protobuf-c keeps an unknown field as raw bytes without parsing it, so its nesting is harmless.
    @Test func deepNestingInsideAnUnknownFieldIsSkipped() throws {
        let bytes = Bytes.field(2, Bytes.field(1, varint: 1)) + Bytes.field(15, Bytes.nestedArrays(100_000))
        #expect(try Wire.decodeListenResponse(bytes) == .target(TargetChange(kind: .add)))
    }

    static let malformed: [(description: String, bytes: [UInt8])] = [
        ("ListenResponse.target_change as a varint", Bytes.field(2, varint: 1)),
        ("Value.double_value as a varint", Bytes.listenResponse(documentValue: Bytes.field(3, varint: 1))),
        (
            "Value.string_value as fixed32",
            Bytes.listenResponse(documentValue: Bytes.tag(17, wireType: 5) + [1, 2, 3, 4])
        ),
        ("Value.integer_value as bytes", Bytes.listenResponse(documentValue: Bytes.field(2, [1]))),
        (
            "TargetChange.target_change_type as fixed64",
            Bytes.field(2, Bytes.tag(1, wireType: 1) + [UInt8](repeating: 0, count: 8))
        ),
        ("a group", Bytes.tag(2, wireType: 3) + Bytes.tag(2, wireType: 4)),
        ("wire type 7", Bytes.tag(2, wireType: 7)),
        ("field number 0", [0x02, 0x00]),
        ("an 11-byte varint", Bytes.tag(9, wireType: 0) + [UInt8](repeating: 0xff, count: 10) + [0x01]),
        ("a 6-byte tag", [0xaa, 0x80, 0x80, 0x80, 0x80, 0x00]),
        ("a 6-byte length", Bytes.tag(2, wireType: 2) + [0x80, 0x80, 0x80, 0x80, 0x80, 0x00]),
        ("a length beyond the end", Bytes.tag(2, wireType: 2) + [0x05, 0x08]),
        ("a length of 4 GiB", Bytes.tag(2, wireType: 2) + [0xff, 0xff, 0xff, 0xff, 0x0f]),
        ("a truncated fixed64", Bytes.listenResponse(documentValue: Bytes.tag(3, wireType: 1) + [0, 0, 0])),
        ("a truncated tag", [0x80]),
        ("invalid UTF-8 in a string", Bytes.listenResponse(documentValue: Bytes.field(17, [0x61, 0xff]))),
        ("a lone surrogate in a string", Bytes.listenResponse(documentValue: Bytes.field(17, [0xed, 0xa0, 0x80]))),
        ("invalid UTF-8 in a name", Bytes.field(4, Bytes.field(1, [0xc3]))),
        ("an unknown NullValue", Bytes.listenResponse(documentValue: Bytes.field(11, varint: 1))),
        ("a Value with no kind", Bytes.listenResponse(documentValue: [])),
        ("nanos of 10^9", Bytes.field(2, Bytes.field(6, Bytes.field(2, varint: 1_000_000_000)))),
        ("negative nanos", Bytes.field(2, Bytes.field(6, Bytes.field(2, varint: UInt64(bitPattern: -1))))),
        ("the year 10000", Bytes.field(2, Bytes.field(6, Bytes.field(1, varint: 253_402_300_800)))),
        ("the year 0", Bytes.field(2, Bytes.field(6, Bytes.field(1, varint: UInt64(bitPattern: -62_135_596_801))))),
    ]

    @Test(arguments: malformed)
    func malformedBytesAreAWireError(description: String, bytes: [UInt8]) {
        #expect(throws: WireError.self, "\(description)") { try Wire.decodeListenResponse(bytes) }
    }

    /// Repeated scalars may come packed or not.
    @Test func packedAndUnpackedRepeatedFieldsDecode() throws {
        let unpacked = Bytes.field(2, Bytes.field(2, varint: 1) + Bytes.field(2, varint: 2))
        let packed = Bytes.field(2, Bytes.field(2, [1, 2]))
        #expect(try Wire.decodeListenResponse(unpacked) == .target(TargetChange(kind: .noChange, targetIDs: [1, 2])))
        #expect(try Wire.decodeListenResponse(packed) == .target(TargetChange(kind: .noChange, targetIDs: [1, 2])))
    }

    /// A message field sent twice, which Google's servers never do: Google's parsers merge the two;
    /// protobuf-c 1.4.1 keeps the last member of a oneof (freeing the first, as ASan checks), and
    /// merges a plain field with the later message's scalars winning even where they are absent.
    /// Pinned here so that a change in libprotobuf-c shows up.
    @Test func messageFieldsSentTwiceDecodeAsProtobufCDoes() throws {
        let readTimeTwice = Bytes.field(
            2, Bytes.field(6, Bytes.field(1, varint: 7)) + Bytes.field(6, Bytes.field(2, varint: 5)))
        #expect(
            try Wire.decodeListenResponse(readTimeTwice)
                == .target(TargetChange(kind: .noChange, readTime: Timestamp(seconds: 0, nanos: 5)))
        )
        let oneofTwice = Bytes.field(2, Bytes.field(1, varint: 3)) + Bytes.field(2, Bytes.field(2, varint: 9))
        #expect(try Wire.decodeListenResponse(oneofTwice) == .target(TargetChange(kind: .noChange, targetIDs: [9])))
        let replaced =
            Bytes.listenResponse(documentValue: Bytes.field(17, string: "x"))
            + Bytes.field(5, Bytes.field(1, varint: 4))
        #expect(try Wire.decodeListenResponse(replaced) == .existenceFilter(ExistenceFilter(targetID: 4, count: 0)))
    }

    @Test func randomBytesNeverCrash() {
        var generator = SeededGenerator(seed: 1)
        for _ in 0..<5_000 {
            let count = Int.random(in: 0..<120, using: &generator)
            let bytes = (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
            decodeEverything(bytes)
        }
    }

    /// Every prefix and thousands of random mutations of valid messages, from Google's encoder.
    @Test func mutatedMessagesNeverCrash() throws {
        let valid =
            try OfficialProtobuf.encode("ListenResponse", ListenResponseTests.cases.map(\.json))
            + [Bytes.listenResponse(documentValue: Bytes.nestedArrays(40))]
            + ValueRoundTripSamples.listenResponses()
        var generator = SeededGenerator(seed: 2)
        for message in valid {
            for end in 0..<message.count { decodeEverything(Array(message[..<end])) }
            for _ in 0..<200 { decodeEverything(mutate(message, using: &generator)) }
        }
    }

    private func mutate(_ message: [UInt8], using generator: inout SeededGenerator) -> [UInt8] {
        var bytes = message
        for _ in 0..<Int.random(in: 1...3, using: &generator) {
            let index = bytes.isEmpty ? 0 : Int.random(in: 0..<bytes.count, using: &generator)
            switch Int.random(in: 0..<6, using: &generator) {
            case 0 where !bytes.isEmpty: bytes[index] = UInt8.random(in: 0...255, using: &generator)
            case 1 where !bytes.isEmpty: bytes[index] ^= 1 << UInt8.random(in: 0..<8, using: &generator)
            case 2: bytes.insert(UInt8.random(in: 0...255, using: &generator), at: index)
            case 3 where !bytes.isEmpty: bytes.remove(at: index)
            case 4 where !bytes.isEmpty: bytes[index] = [0x00, 0x7f, 0x80, 0xff].randomElement(using: &generator)!
            default: bytes += bytes[index...].prefix(8)
            }
        }
        return bytes
    }

    private func decodeEverything(_ bytes: [UInt8]) {
        _ = try? Wire.decodeListenResponse(bytes)
        _ = try? Wire.decodeDocument(bytes)
        _ = try? Wire.decodeCommitResponse(bytes)
        _ = try? Wire.decodeRunQueryResponse(bytes)
    }
}
