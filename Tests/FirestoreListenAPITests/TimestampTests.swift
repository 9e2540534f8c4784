import FirestoreListen
import Foundation
import Testing

/// Firebase's `Timestamp` API: nanoseconds, `Date` and `Codable` with other coders.
@Suite struct TimestampTests {
    @Test func nanosecondsAreKeptThroughFirestoresCoders() throws {
        struct Event: Codable {
            var at: Timestamp
        }
        let time = Timestamp(seconds: -1, nanoseconds: 999_999_999)
        #expect(time.seconds == -1 && time.nanoseconds == 999_999_999)
        let data = try Firestore.Encoder().encode(Event(at: time))
        #expect(try Firestore.Decoder().decode(Event.self, from: data).at == time)
    }

    @Test func dateConvertsToTheNearestNanosecond() {
        let time = Timestamp(date: Date(timeIntervalSince1970: 1_700_000_000.25))
        #expect(time == Timestamp(seconds: 1_700_000_000, nanoseconds: 250_000_000))
        #expect(time.dateValue() == Date(timeIntervalSince1970: 1_700_000_000.25))
        #expect(Timestamp(date: Date(timeIntervalSince1970: -1.5)) == Timestamp(seconds: -2, nanoseconds: 500_000_000))
        #expect(Timestamp(date: Date(timeIntervalSince1970: 0)) == Timestamp(seconds: 0, nanoseconds: 0))

        let precise = Timestamp(seconds: 1_700_000_000, nanoseconds: 123_456_789)
        let back = Timestamp(date: precise.dateValue())
        #expect(back.seconds == precise.seconds)
        #expect(abs(Int(back.nanoseconds) - Int(precise.nanoseconds)) < 1_000)
    }

    @Test func otherCodersSeeSecondsAndNanosecondsAsFirebaseWritesThem() throws {
        let time = Timestamp(seconds: 12, nanoseconds: 34)
        let json = try JSONEncoder().encode(time)
        let object = try JSONSerialization.jsonObject(with: json) as? [String: Any]
        #expect(object?["seconds"] as? Int == 12)
        #expect(object?["nanoseconds"] as? Int == 34)
        #expect(try JSONDecoder().decode(Timestamp.self, from: json) == time)
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(Timestamp.self, from: Data(#"{"seconds":1,"nanoseconds":1000000000}"#.utf8))
        }
    }

    @Test func geoPointIsKeyedLatitudeAndLongitudeForOtherCoders() throws {
        let point = GeoPoint(latitude: -33.9, longitude: 151.2)
        let object = try JSONSerialization.jsonObject(with: JSONEncoder().encode(point)) as? [String: Any]
        #expect(object?["latitude"] as? Double == -33.9)
        #expect(object?["longitude"] as? Double == 151.2)
    }
}
