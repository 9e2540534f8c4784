import FirestoreListen
import Foundation
import Testing

/// Every Firestore value kind through Codable, with Google's official Python client as the other side: the
/// peer writes a document, our client decodes it with `data(as:)` and writes it back with `setData(from:)`, and
/// the peer reads the copy, which must hold what the peer's document holds, field by field and bit for bit.
@Suite(.startsProcesses) struct CodableInteropTests {
    private let collection = TestEnvironment.uniqueCollection("codable-interop")
    static let room = "projects/\(TestEnvironment.project)/databases/(default)/documents/rooms/r1"

    /// A field that holds null and writes null back (an optional that is nil is left out instead).
    struct Null: Codable, Equatable {
        init() {}

        init(from decoder: any Decoder) throws {
            guard try decoder.singleValueContainer().decodeNil() else {
                throw DecodingError.typeMismatch(
                    Null.self, .init(codingPath: decoder.codingPath, debugDescription: "expected null"))
            }
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        }
    }

    struct Line: Codable, Equatable {
        var label: String
        var qty: UInt8
        var at: Timestamp
        var note: String?
    }

    struct EveryKind: Codable {
        @DocumentID var id: String?
        var null: Null
        var flag: Bool
        var int: Int
        var int8: Int8
        var int16: Int16
        var int32: Int32
        var int64Min: Int64
        var int64Max: Int64
        var uint: UInt
        var uint8: UInt8
        var uint16: UInt16
        var uint32: UInt32
        var uint64: UInt64
        var tenth: Double
        var negativeZero: Double
        var nan: Double
        var infinity: Double
        var negativeInfinity: Double
        var tiny: Double
        var huge: Double
        var float: Float
        var timestamp: Timestamp
        var date: Date
        var text: String
        var empty: String
        var bytes: Data
        var reference: DocumentReference
        var geoPoint: GeoPoint
        var tags: [String]
        var scores: [Int?]
        var lines: [Line]
        var nested: Line
        var counts: [String: Int64]
        var emptyList: [Int]
        var emptyMap: [String: String]
        var present: Int?
        var absent: Int?
        var nulled: Int?
        @ServerTimestamp var writtenAt: Timestamp?
    }

    @Test func everyKindWrittenByTheOfficialClientRoundTripsThroughCodableExactly() async throws {
        let peer = try await Peer()
        defer { Task { await peer.stop() } }
        try await peer.set(
            "\(collection)/source",
            [
                "null": .null, "flag": .boolean(true), "int": .integer(-(1 << 40)), "int8": .integer(-128),
                "int16": .integer(32_767), "int32": .integer(Int64(Int32.min)), "int64Min": .integer(.min),
                "int64Max": .integer(.max), "uint": .integer(1 << 40), "uint8": .integer(255),
                "uint16": .integer(65_535), "uint32": .integer(Int64(UInt32.max)), "uint64": .integer(.max),
                "tenth": .double(0.1), "negativeZero": .double(-0.0), "nan": .double(.nan),
                "infinity": .double(.infinity), "negativeInfinity": .double(-.infinity),
                "tiny": .double(.leastNonzeroMagnitude), "huge": .double(.greatestFiniteMagnitude),
                "float": .double(0.5),
                "timestamp": .timestamp(.init(seconds: 1_700_000_000, nanos: 123_456_789)),
                // A `Date` holds a Double: a fraction that binary holds exactly survives Timestamp → Date → Timestamp.
                "date": .timestamp(.init(seconds: 1_700_000_000, nanos: 250_000_000)),
                "text": .string("日本語 é e\u{301} 🎉 a\u{0}b"), "empty": .string(""), "bytes": .bytes([0, 255, 1, 128]),
                "reference": .reference(Self.room), "geoPoint": .geoPoint(latitude: -33.865, longitude: 151.2094),
                "tags": .array([.string("a"), .string("ü")]),
                "scores": .array([.integer(1), .null, .integer(-3)]),
                "lines": .array([
                    .map([
                        "label": .string("first"), "qty": .integer(255),
                        "at": .timestamp(.init(seconds: -1, nanos: 5_000)), "note": .string("n"),
                    ]),
                    .map([
                        "label": .string("first"), "qty": .integer(255),
                        "at": .timestamp(.init(seconds: -1, nanos: 5_000)),
                    ]),
                ]),
                "nested": .map([
                    "label": .string("first"), "qty": .integer(255), "at": .timestamp(.init(seconds: -1, nanos: 5_000)),
                ]),
                "counts": .map(["x": .integer(1), "a.b": .integer(-2)]),
                "emptyList": .array([]), "emptyMap": .map([:]), "present": .integer(7), "nulled": .null,
            ]
        )
        let source = try #require(try await peer.get("\(collection)/source"))
        // The emulator keeps microseconds: the nanoseconds the peer wrote are cut.
        #expect(source.fields["timestamp"] == .timestamp(.init(seconds: 1_700_000_000, nanos: 123_456_000)))

        let db = try APITest.client()
        let decoded = try await db.document("\(collection)/source").getDocument().data(as: EveryKind.self)
        #expect(decoded.id == "source")
        #expect(decoded.flag && decoded.int == -(1 << 40) && decoded.int8 == .min && decoded.int16 == .max)
        #expect(decoded.int32 == .min && decoded.int64Min == .min && decoded.int64Max == .max)
        #expect(decoded.uint == 1 << 40 && decoded.uint8 == .max && decoded.uint16 == .max)
        #expect(decoded.uint32 == .max && decoded.uint64 == UInt64(Int64.max))
        #expect(decoded.tenth == 0.1 && decoded.negativeZero.bitPattern == (-0.0 as Double).bitPattern)
        #expect(decoded.nan.isNaN && decoded.infinity == .infinity && decoded.negativeInfinity == -.infinity)
        #expect(decoded.tiny == .leastNonzeroMagnitude && decoded.huge == .greatestFiniteMagnitude)
        #expect(decoded.float == 0.5)
        #expect(decoded.timestamp == Timestamp(seconds: 1_700_000_000, nanoseconds: 123_456_000))
        #expect(decoded.date == Date(timeIntervalSince1970: 1_700_000_000.25))
        #expect(decoded.text == "日本語 é e\u{301} 🎉 a\u{0}b" && decoded.empty.isEmpty)
        #expect(decoded.bytes == Data([0, 255, 1, 128]))
        #expect(decoded.reference == db.document("rooms/r1") && decoded.reference.firestore === db)
        #expect(decoded.geoPoint == GeoPoint(latitude: -33.865, longitude: 151.2094))
        #expect(decoded.tags == ["a", "ü"] && decoded.scores == [1, nil, -3])
        let first = Line(label: "first", qty: 255, at: Timestamp(seconds: -1, nanoseconds: 5_000))
        #expect(decoded.nested == first)
        #expect(decoded.lines == [Line(label: "first", qty: 255, at: first.at, note: "n"), first])
        #expect(decoded.counts == ["x": 1, "a.b": -2] && decoded.emptyList.isEmpty && decoded.emptyMap.isEmpty)
        #expect(decoded.present == 7 && decoded.absent == nil && decoded.nulled == nil)
        #expect(decoded.writtenAt == nil)

        let result = try await db.document("\(collection)/copy").setData(from: decoded)
        let copy = try #require(try await peer.get("\(collection)/copy"))
        // A nil @ServerTimestamp is the server's time when it applies the write. The emulator's is the commit's
        // start, in milliseconds, not the copy's update time (production Firestore gives the commit time).
        guard case .timestamp(let writtenAt)? = copy.fields["writtenAt"] else {
            Issue.record("writtenAt is not a timestamp: \(String(describing: copy.fields["writtenAt"]))")
            return
        }
        #expect(source.updateTime < writtenAt && writtenAt <= copy.updateTime)
        var expected = source.fields
        expected["writtenAt"] = .timestamp(writtenAt)
        // A nil optional is left out, as Swift's synthesized `encode(to:)` leaves it out.
        expected["nulled"] = nil
        for key in Set(expected.keys).union(copy.fields.keys).sorted() {
            #expect(
                copy.fields[key] == expected[key],
                "\(key): expected \(String(describing: expected[key])), the peer read \(String(describing: copy.fields[key]))"
            )
        }
        #expect(result.updateTime == copy.updateTime)
        #expect(copy.updateTime > source.updateTime)
        let reread = try await db.document("\(collection)/copy").getDocument().data(as: EveryKind.self)
        #expect(reread.writtenAt == writtenAt && reread.id == "copy")
    }

    struct Int8Field: Decodable { var int8: Int8 }
    struct UInt8Field: Decodable { var uint8: UInt8 }
    struct Int32Field: Decodable { var int32: Int32 }
    struct UInt64Field: Decodable { var uint64: UInt64 }
    struct NestedField: Decodable {
        struct Quantity: Decodable { var qty: UInt8 }
        var nested: Quantity
    }
    struct ListField: Decodable { var list: [Int16] }

    /// The error of decoding `snapshot` as a `T`, which must fail, as `documents(as:)` reports it.
    private func failure<T: Decodable>(_ type: T.Type, _ snapshot: DocumentSnapshot) -> DocumentDecodingError? {
        do {
            let value = try snapshot.data(as: type)
            Issue.record("decoded \(value) as \(T.self)")
            return nil
        } catch {
            return DocumentDecodingError(documentPath: snapshot.reference.path, underlying: error)
        }
    }

    @Test func anIntegerTooWideForItsSwiftFieldFailsNamingTheFieldInsteadOfWrapping() async throws {
        let peer = try await Peer()
        defer { Task { await peer.stop() } }
        let path = "\(collection)/narrow"
        try await peer.set(
            path,
            [
                "int8": .integer(128), "uint8": .integer(-1), "int32": .integer(1 << 31), "uint64": .integer(-1),
                "nested": .map(["qty": .integer(256)]), "list": .array([.integer(1), .integer(40_000)]),
            ]
        )
        let snapshot = try await APITest.client().document(path).getDocument()
        let cases: [(field: String, reason: String, error: DocumentDecodingError?)] = [
            ("int8", "integer 128 out of range of Int8", failure(Int8Field.self, snapshot)),
            ("uint8", "integer -1 out of range of UInt8", failure(UInt8Field.self, snapshot)),
            ("int32", "integer 2147483648 out of range of Int32", failure(Int32Field.self, snapshot)),
            ("uint64", "integer -1 out of range of UInt64", failure(UInt64Field.self, snapshot)),
            ("nested.qty", "integer 256 out of range of UInt8", failure(NestedField.self, snapshot)),
            ("list[1]", "integer 40000 out of range of Int16", failure(ListField.self, snapshot)),
        ]
        for (field, reason, error) in cases {
            let error = try #require(error, "\(field) decoded")
            guard case .dataCorrupted? = error.underlying as? DecodingError else {
                Issue.record("\(field): not dataCorrupted: \(error.underlying)")
                continue
            }
            #expect(error.fieldPath == field)
            #expect(error.description == "\(path): field '\(field)': \(reason)")
        }
    }
}
