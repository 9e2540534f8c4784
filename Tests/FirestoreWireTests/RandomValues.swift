import FirestoreWatch

/// Random Firestore values for round trips, drawn mostly from edge values, U+0000 and `-0.0` included.
struct RandomValues {
    var generator: SeededGenerator

    static let doubles: [Double] = [
        0, 1, -1, 0.1, -0.0, .nan, .infinity, -.infinity, .leastNonzeroMagnitude, .greatestFiniteMagnitude,
        -.greatestFiniteMagnitude, .leastNormalMagnitude, 9_007_199_254_740_992, .ulpOfOne,
        Double(bitPattern: 0x7ff4_0000_0000_0001),
    ]
    static let integers: [Int64] = [0, 1, -1, .max, .min, 1 << 53, (1 << 53) + 1, -(1 << 62), 127, 128, 16_383, 16_384]
    static let strings = [
        "", "a", "héllo", "日本語", "🚀🚀", "e\u{301}", "\u{7f}\u{80}", "a.b", "`x`", "\u{0}", "a\u{0}b\u{0}",
        String(repeating: "z", count: 300),
    ]

    mutating func value(depth: Int = 0) -> FirestoreValue {
        switch Int.random(in: 0..<(depth < 4 ? 11 : 9), using: &generator) {
        case 0: return .null
        case 1: return .boolean(Bool.random(using: &generator))
        case 2:
            return .integer(
                Bool.random(using: &generator)
                    ? pick(Self.integers) : Int64.random(in: .min ... .max, using: &generator))
        case 3:
            return .double(Bool.random(using: &generator) ? pick(Self.doubles) : Double(bitPattern: generator.next()))
        case 4:
            let seconds = Int64.random(in: -62_135_596_800...253_402_300_799, using: &generator)
            return .timestamp(Timestamp(seconds: seconds, nanos: Int32.random(in: 0...999_999_999, using: &generator)))
        case 5: return .string(string())
        case 6:
            return .bytes(
                (0..<Int.random(in: 0..<40, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator)
                })
        case 7: return .reference("projects/p/databases/(default)/documents/c/" + string())
        case 8:
            let corners: [Double] = [0, -0.0, 90, -90, 180, -180]
            let latitude =
                Bool.random(using: &generator) ? pick(corners) : Double.random(in: -90...90, using: &generator)
            let longitude =
                Bool.random(using: &generator) ? pick(corners) : Double.random(in: -180...180, using: &generator)
            return .geoPoint(latitude: latitude, longitude: longitude)
        case 9: return .array((0..<Int.random(in: 0..<4, using: &generator)).map { _ in value(depth: depth + 1) })
        default:
            var fields: [String: FirestoreValue] = [:]
            for _ in 0..<Int.random(in: 0..<4, using: &generator) { fields[string()] = value(depth: depth + 1) }
            return .map(fields)
        }
    }

    mutating func string() -> String {
        if Bool.random(using: &generator) { return pick(Self.strings) }
        let scalars = (0..<Int.random(in: 0..<12, using: &generator)).compactMap { _ in
            Unicode.Scalar(UInt32.random(in: 0...0x10_FFFF, using: &generator))
        }
        return String(String.UnicodeScalarView(scalars))
    }

    private mutating func pick<Element>(_ elements: [Element]) -> Element {
        elements.randomElement(using: &generator)!
    }
}
