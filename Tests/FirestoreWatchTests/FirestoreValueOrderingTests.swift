import FirestoreWatch
import Testing

/// Firestore's order of values, checked on a table of groups: values within a group are equal, and every
/// value of a group orders before every value of the groups after it.
@Suite struct FirestoreValueOrderingTests {
    static let database = "projects/p/databases/(default)/documents/"

    static func vector(_ elements: [Double]) -> FirestoreValue {
        .map(["__type__": .string("__vector__"), "value": .array(elements.map(FirestoreValue.double))])
    }

    /// Ascending groups of equal values.
    static let groups: [[FirestoreValue]] = [
        [.null],
        [.boolean(false)],
        [.boolean(true)],
        [.double(.nan), .double(-.nan)],
        [.double(-.infinity)],
        [.double(-9_223_372_036_854_777_856.0)],
        [.integer(.min), .double(-9_223_372_036_854_775_808.0)],
        [.integer(.min + 1)],
        [.integer(-1), .double(-1.0)],
        [.double(-0.5)],
        [.integer(0), .double(0.0), .double(-0.0)],
        [.double(.leastNonzeroMagnitude)],
        [.integer(1), .double(1.0)],
        [.double(1.5)],
        [.integer(2)],
        [.integer(9_007_199_254_740_992), .double(9_007_199_254_740_992.0)],
        [.integer(9_007_199_254_740_993)],
        [.double(9_007_199_254_740_994.0)],
        [.integer(.max)],
        [.double(9_223_372_036_854_775_808.0)],
        [.double(.infinity)],
        [.timestamp(Timestamp(seconds: -1, nanos: 999_999_999))],
        [.timestamp(Timestamp(seconds: 0))],
        [.timestamp(Timestamp(seconds: 0, nanos: 1))],
        [.timestamp(Timestamp(seconds: 1))],
        [.string("")],
        [.string("a")],
        [.string("ab")],
        [.string("e")],
        // Not Swift's `String <`: canonically equivalent to "é" but orders by its bytes (65 CC 81).
        [.string("e\u{301}")],
        [.string("f")],
        [.string("é")],
        [.string("\u{FF61}")],
        [.string("😀")],
        [.bytes([])],
        [.bytes([0])],
        [.bytes([0, 0])],
        [.bytes([0, 1])],
        [.bytes([1])],
        [.bytes([0xff])],
        [.reference(database + "c/a")],
        [.reference(database + "c/a/x/y")],
        [.reference(database + "c/a-b")],
        [.reference(database + "c/b")],
        [.geoPoint(latitude: -90, longitude: 0)],
        [.geoPoint(latitude: 0, longitude: -180)],
        [.geoPoint(latitude: 0, longitude: 0)],
        [.geoPoint(latitude: 0, longitude: 1)],
        [.geoPoint(latitude: 1, longitude: -1)],
        [.array([])],
        [.array([.null])],
        [.array([.null, .null])],
        [.array([.boolean(false)])],
        [.array([.integer(1)]), .array([.double(1.0)])],
        [.array([.integer(1), .integer(1)])],
        [.array([.integer(2)])],
        [vector([])],
        [vector([5])],
        [vector([1, 1])],
        [vector([1, 2])],
        [.map([:])],
        [.map(["__type__": .string("other")])],
        [.map(["a": .integer(1)]), .map(["a": .double(1)])],
        [.map(["a": .integer(2)])],
        [.map(["a": .integer(2), "b": .null])],
        [.map(["b": .null])],
        [.map(["é": .null])],
    ]

    @Test(arguments: groups.indices) func orderAgainstEveryOtherGroup(_ index: Int) {
        for (otherIndex, others) in Self.groups.enumerated() {
            let expected = otherIndex == index ? 0 : (index < otherIndex ? -1 : 1)
            for value in Self.groups[index] {
                for other in others {
                    let result = FirestoreValue.compare(value, other).signum()
                    #expect(result == expected, "\(value) vs \(other)")
                }
            }
        }
    }

    @Test func fieldLookupFollowsMapsAndNamesTheDocument() {
        let document = Document(
            name: Self.database + "c/d1",
            fields: ["a": .map(["b": .map(["c": .integer(7)])]), "x": .integer(1)],
            createTime: Timestamp(seconds: 1),
            updateTime: Timestamp(seconds: 1)
        )
        #expect(document.value(at: FieldPath(["a", "b", "c"])) == .integer(7))
        #expect(document.value(at: FieldPath(["a", "b"])) == .map(["c": .integer(7)]))
        #expect(document.value(at: FieldPath(["x", "y"])) == nil)
        #expect(document.value(at: FieldPath(["missing"])) == nil)
        #expect(document.value(at: FieldPath([])) == nil)
        #expect(document.value(at: .documentName) == .reference(Self.database + "c/d1"))
    }
}
