import FirestoreListen
import Foundation
import Testing

/// `Firestore.Encoder` and `Firestore.Decoder` on `[String: Any]`, as a program that imports the library sees
/// them (no `@testable`).
@Suite struct CodableTests {
    private let db = try! Firestore(settings: .emulator(host: "127.0.0.1:1", projectID: "p"))

    struct Inner: Codable, Equatable {
        var name: String
        var qty: Int
    }

    struct AllKinds: Codable, Equatable {
        var string: String
        var bool: Bool
        var int: Int
        var int8: Int8
        var int16: Int16
        var int32: Int32
        var int64: Int64
        var uint: UInt
        var uint8: UInt8
        var uint16: UInt16
        var uint32: UInt32
        var uint64: UInt64
        var double: Double
        var float: Float
        var timestamp: Timestamp
        var date: Date
        var data: Data
        var geoPoint: GeoPoint
        var reference: DocumentReference
        var url: URL
        var present: Int?
        var absent: Int?
        var list: [Int]
        var optionals: [Int?]
        var inner: Inner
        var inners: [Inner]
        var dictionary: [String: Int]
    }

    private func sample() -> AllKinds {
        AllKinds(
            string: "héllo", bool: true, int: -1, int8: -8, int16: 16, int32: -32, int64: .min, uint: 1,
            uint8: 255, uint16: 16, uint32: .max, uint64: UInt64(Int64.max), double: 0.1, float: 1.5,
            timestamp: Timestamp(seconds: 1_700_000_000, nanoseconds: 123_456_789),
            date: Date(timeIntervalSince1970: 1_700_000_000.25), data: Data([0, 1, 255]),
            geoPoint: GeoPoint(latitude: 48.85, longitude: 2.35), reference: db.document("rooms/r1"),
            url: URL(string: "https://example.com/a?b=c")!, present: 7, absent: nil, list: [1, 2, 3],
            optionals: [1, nil], inner: Inner(name: "a", qty: 1),
            inners: [Inner(name: "b", qty: 2), Inner(name: "c", qty: 3)], dictionary: ["x": 1]
        )
    }

    @Test func everyKindEncodesToFirestoreTypesAndDecodesBack() throws {
        let value = sample()
        let data = try Firestore.Encoder().encode(value)

        #expect(data["string"] as? String == "héllo")
        #expect(data["bool"] as? Bool == true)
        for key in ["int", "int8", "int16", "int32", "int64", "uint", "uint8", "uint16", "uint32", "uint64"] {
            #expect(data[key] is Int64, "\(key) is \(type(of: data[key]!))")
        }
        #expect(data["int64"] as? Int64 == .min)
        #expect(data["uint32"] as? Int64 == Int64(UInt32.max))
        #expect(data["double"] as? Double == 0.1)
        #expect(data["float"] as? Double == 1.5)
        #expect(data["timestamp"] as? Timestamp == Timestamp(seconds: 1_700_000_000, nanoseconds: 123_456_789))
        #expect(data["date"] as? Timestamp == Timestamp(seconds: 1_700_000_000, nanoseconds: 250_000_000))
        #expect(data["data"] as? Data == Data([0, 1, 255]))
        #expect(data["geoPoint"] as? GeoPoint == GeoPoint(latitude: 48.85, longitude: 2.35))
        #expect(data["reference"] as? DocumentReference == db.document("rooms/r1"))
        #expect(data["url"] as? String == "https://example.com/a?b=c")
        #expect(data["present"] as? Int64 == 7)
        #expect(data.keys.contains("absent") == false)
        #expect((data["list"] as? [Any])?.compactMap { $0 as? Int64 } == [1, 2, 3])
        let optionals = try #require(data["optionals"] as? [Any])
        #expect(optionals.count == 2 && optionals[0] as? Int64 == 1 && optionals[1] is NSNull)
        let inner = try #require(data["inner"] as? [String: Any])
        #expect(inner["name"] as? String == "a" && inner["qty"] as? Int64 == 1)
        #expect((data["inners"] as? [Any])?.count == 2)
        #expect((data["dictionary"] as? [String: Any])?["x"] as? Int64 == 1)

        let decoded = try Firestore.Decoder().decode(AllKinds.self, from: data)
        #expect(decoded == value)
        #expect(decoded.reference.firestore === db)
    }

    struct Box<Value: Codable>: Codable {
        var n: Value
    }

    /// The error of decoding `Box<Value>` from `["n": n]`, which must fail.
    private func decodingError<Value: Codable>(_ type: Value.Type, from n: Any) -> DecodingError? {
        do {
            let value = try Firestore.Decoder().decode(Box<Value>.self, from: ["n": n])
            Issue.record("decoded \(value.n) as \(Value.self) from \(n)")
            return nil
        } catch let error as DecodingError {
            return error
        } catch {
            Issue.record("not a DecodingError: \(error)")
            return nil
        }
    }

    @Test func integersOutOfRangeAreDecodingErrorsWithTheirPath() {
        let cases: [(Any.Type, Int64, DecodingError?)] = [
            (Int8.self, 128, decodingError(Int8.self, from: Int64(128))),
            (Int8.self, -129, decodingError(Int8.self, from: Int64(-129))),
            (UInt8.self, 256, decodingError(UInt8.self, from: Int64(256))),
            (UInt8.self, -1, decodingError(UInt8.self, from: Int64(-1))),
            (Int32.self, 1 << 31, decodingError(Int32.self, from: Int64(1) << 31)),
            (UInt32.self, 1 << 32, decodingError(UInt32.self, from: Int64(1) << 32)),
            (UInt64.self, -1, decodingError(UInt64.self, from: Int64(-1))),
        ]
        for (type, value, error) in cases {
            guard case .dataCorrupted(let context) = error else {
                Issue.record("\(value) as \(type): \(String(describing: error))")
                continue
            }
            #expect(context.codingPath.map(\.stringValue) == ["n"])
            #expect(context.debugDescription == "integer \(value) out of range of \(type)")
        }
        #expect((try? Firestore.Decoder().decode(Box<Int8>.self, from: ["n": Int64(127)]))?.n == 127)
        #expect((try? Firestore.Decoder().decode(Box<UInt64>.self, from: ["n": Int64.max]))?.n == UInt64(Int64.max))
    }

    @Test func aDoubleDecodesAsAnIntegerOnlyWhenItIsWhole() {
        #expect((try? Firestore.Decoder().decode(Box<Int>.self, from: ["n": 3.0]))?.n == 3)
        guard case .dataCorrupted = decodingError(Int.self, from: 3.5) else {
            Issue.record("3.5 decoded as an Int")
            return
        }
    }

    @Test func anUnsignedIntegerBeyondInt64MaxIsAnEncodingError() {
        #expect(throws: EncodingError.self) { try Firestore.Encoder().encode(Box(n: UInt64(Int64.max) + 1)) }
        do {
            _ = try Firestore.Encoder().encode(Box(n: [UInt.max]))
            Issue.record("UInt.max encoded")
        } catch EncodingError.invalidValue(_, let context) {
            #expect(context.codingPath.map(\.stringValue) == ["n", "0"])
        } catch {
            Issue.record("\(error)")
        }
    }

    @Test func aValueThatIsNotAKeyedContainerIsNoDocument() {
        #expect(throws: EncodingError.self) { try Firestore.Encoder().encode(42) }
        #expect(throws: EncodingError.self) { try Firestore.Encoder().encode([1, 2]) }
        #expect(throws: EncodingError.self) { try Firestore.Encoder().encode(Timestamp(seconds: 1, nanoseconds: 0)) }
    }

    @Test func aKindThatDoesNotMatchIsATypeMismatchNamingBoth() {
        guard case .typeMismatch(_, let context) = decodingError(Int64.self, from: "seven") else {
            Issue.record("a string decoded as Int64")
            return
        }
        #expect(context.debugDescription == "expected Int64, found string")
        #expect(context.codingPath.map(\.stringValue) == ["n"])
        guard case .typeMismatch = decodingError(Bool.self, from: Int64(1)) else {
            Issue.record("an integer decoded as Bool")
            return
        }
    }

    struct Optionals: Codable, Equatable {
        var a: Int?
    }

    struct Required: Codable {
        var a: Int
    }

    @Test func optionalsMissingKeysAndNullsFollowDecodable() throws {
        let decoder = Firestore.Decoder()
        #expect(try decoder.decode(Optionals.self, from: [:]) == Optionals(a: nil))
        #expect(try decoder.decode(Optionals.self, from: ["a": NSNull()]) == Optionals(a: nil))
        #expect(try decoder.decode(Optionals.self, from: ["a": 4]) == Optionals(a: 4))
        #expect(try Firestore.Encoder().encode(Optionals(a: nil)).isEmpty)

        do {
            _ = try decoder.decode(Required.self, from: [:])
            Issue.record("decoded a missing field")
        } catch DecodingError.keyNotFound(let key, _) {
            #expect(key.stringValue == "a")
        }
        do {
            _ = try decoder.decode(Required.self, from: ["a": NSNull()])
            Issue.record("decoded a null field")
        } catch DecodingError.valueNotFound(_, let context) {
            #expect(context.codingPath.map(\.stringValue) == ["a"])
            #expect(context.debugDescription == "expected Int, found null")
        }
    }

    struct Order: Codable, Equatable {
        var lines: [Inner]
        var byName: [String: Inner]
        var matrix: [[Int]]
    }

    @Test func nestedMapsAndArraysOfStructsRoundTripAndErrorsNameTheirPath() throws {
        let order = Order(
            lines: [Inner(name: "a", qty: 1), Inner(name: "b", qty: 2)],
            byName: ["c": Inner(name: "c", qty: 3)],
            matrix: [[1, 2], [], [3]]
        )
        let data = try Firestore.Encoder().encode(order)
        #expect(try Firestore.Decoder().decode(Order.self, from: data) == order)

        var broken = data
        broken["lines"] = [["name": "a", "qty": 1], ["name": "b", "qty": "two"]]
        do {
            _ = try Firestore.Decoder().decode(Order.self, from: broken)
            Issue.record("decoded qty 'two'")
        } catch {
            let failure = DocumentDecodingError(documentPath: "orders/o1", underlying: error)
            #expect(failure.fieldPath == "lines[1].qty")
            #expect(failure.description == "orders/o1: field 'lines[1].qty': expected Int, found string")
        }
    }

    struct Ticket: Codable, Equatable {
        @DocumentID var id: String?
        var status: String
        @ServerTimestamp var createdAt: Timestamp?
    }

    struct Linked: Codable {
        @DocumentID var reference: DocumentReference?
        @ServerTimestamp var seenAt: Date?
    }

    @Test func documentIDIsFilledFromTheReferenceAndNeverEncoded() throws {
        let reference = db.document("queue/t1")
        let ticket = try Firestore.Decoder().decode(
            Ticket.self,
            from: ["status": "pending", "id": "ignored"],
            in: reference
        )
        #expect(ticket.id == "t1")
        #expect(ticket.status == "pending")
        let linked = try Firestore.Decoder().decode(Linked.self, from: [:], in: reference)
        #expect(linked.reference == reference)
        #expect(try Firestore.Decoder().decode(Ticket.self, from: ["status": "x"]).id == nil)

        let data = try Firestore.Encoder().encode(ticket)
        #expect(data.keys.contains("id") == false)
        #expect(data["status"] as? String == "pending")
        let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(ticket)) as? [String: Any]
        #expect(json?.keys.contains("id") == false)
    }

    @Test func serverTimestampEncodesTheSentinelWhileNil() throws {
        let unset = try Firestore.Encoder().encode(Ticket(status: "pending"))
        #expect(unset["createdAt"] is FieldValue)
        let unsetDate = try Firestore.Encoder().encode(Linked())
        #expect(unsetDate["seenAt"] is FieldValue)

        let time = Timestamp(seconds: 1_700_000_000, nanoseconds: 5)
        let set = try Firestore.Encoder().encode(Ticket(status: "done", createdAt: time))
        #expect(set["createdAt"] as? Timestamp == time)

        let decoded = try Firestore.Decoder().decode(Ticket.self, from: ["status": "done", "createdAt": time])
        #expect(decoded.createdAt == time)
        #expect(try Firestore.Decoder().decode(Ticket.self, from: ["status": "new"]).createdAt == nil)
        #expect(try Firestore.Decoder().decode(Ticket.self, from: unset).createdAt == nil)
        let seen = try Firestore.Decoder().decode(Linked.self, from: ["seenAt": time])
        #expect(seen.seenAt == time.dateValue())
        #expect(throws: DecodingError.self) {
            try Firestore.Decoder().decode(Ticket.self, from: ["status": "done", "createdAt": "noon"])
        }
    }

    @Test func jsonSerializationNumbersDecodeByWhatTheyHold() throws {
        struct Numbers: Decodable {
            var flag: Bool
            var count: Int8
            var ratio: Double
        }
        let json = try JSONSerialization.jsonObject(with: Data(#"{"flag":true,"count":3,"ratio":0.5}"#.utf8))
        let numbers = try Firestore.Decoder().decode(Numbers.self, from: try #require(json as? [String: Any]))
        #expect(numbers.flag && numbers.count == 3 && numbers.ratio == 0.5)
    }
}
