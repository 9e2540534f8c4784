import FirestoreWatch
import Testing

@testable import FirestoreListenCLI

@Suite struct JSONTests {
    @Test(arguments: [
        (FirestoreValue.integer(3), "3"),
        (.integer(1 << 53), "9007199254740992"),
        (.integer((1 << 53) + 1), "\"9007199254740993\""),
        (.integer(.min), "\"-9223372036854775808\""),
        (.double(.nan), "\"NaN\""),
        (.double(-.infinity), "\"-Infinity\""),
        (.double(1.5), "1.5"),
        (.null, "null"),
        (.timestamp(Timestamp(seconds: -1, nanos: 5)), "\"1969-12-31T23:59:59.000000005Z\""),
        (.bytes([0, 255]), "\"AP8=\""),
        (.geoPoint(latitude: 1.5, longitude: -2), "{\"latitude\":1.5,\"longitude\":-2.0}"),
        (.map(["b": .boolean(true), "a": .string("x\n\"")]), "{\"a\":\"x\\n\\\"\",\"b\":true}"),
    ])
    func rendersValuesAsTheContractSays(value: FirestoreValue, json: String) {
        #expect(value.json.serialized == json)
    }

    @Test func parserKeepsIntegersApartFromDoubles() throws {
        #expect(try JSONParser.parse("3") == .integer(3))
        #expect(try JSONParser.parse("3.0") == .double(3))
        #expect(
            try JSONParser.parse(" [1, \"a\\u00e9\\ud83d\\ude00\", null] ")
                == .array([.integer(1), .string("aé😀"), .null]))
        #expect(throws: JSONParser.Failure.self) { try JSONParser.parse("[1,]") }
        #expect(throws: JSONParser.Failure.self) { try JSONParser.parse(String(repeating: "[", count: 1000)) }
    }

    @Test(arguments: [
        ("1970-01-01T00:00:00Z", Timestamp(seconds: 0)),
        ("2026-11-29T12:00:00.123456789Z", Timestamp(seconds: 1_795_953_600, nanos: 123_456_789)),
        ("1969-12-31T23:59:59.5Z", Timestamp(seconds: -1, nanos: 500_000_000)),
        ("2026-11-29T13:00:00+01:00", Timestamp(seconds: 1_795_953_600)),
        ("0001-01-01T00:00:00Z", Timestamp(seconds: -62_135_596_800)),
        ("9999-12-31T23:59:59.999999999Z", Timestamp(seconds: 253_402_300_799, nanos: 999_999_999)),
    ])
    func timestampsRoundTripRFC3339(text: String, timestamp: Timestamp) {
        #expect(Timestamp(rfc3339: text) == timestamp)
        #expect(Timestamp(rfc3339: timestamp.rfc3339) == timestamp)
    }

    @Test func rejectsMalformedTimestamps() {
        for text in [
            "2026-02-30T00:00:00Z", "2026-11-29 12:00", "2026-11-29T12:00:00.Z", "2026-11-29T12:00:00.1234567891Z",
            // Outside google.protobuf.Timestamp's range, where `rfc3339` could not write them back (found by
            // Scripts/fuzz: "00-1-12-31T23:00:00Z", "10000-01-01T00:59:59Z").
            "0000-12-31T23:59:59Z", "0001-01-01T00:00:00+00:01", "9999-12-31T23:59:59-00:01",
        ] {
            #expect(Timestamp(rfc3339: text) == nil)
        }
    }
}
