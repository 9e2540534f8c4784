extension FirestoreValue {
    /// Compares two values in Firestore's total order of values, as the server orders query results.
    ///
    /// Across kinds: null < booleans < numbers < timestamps < strings < bytes < references < geo points <
    /// arrays < vectors < maps. Within a kind:
    /// - numbers: integers and doubles mixed, compared exactly (an `Int64` against a `Double` never loses
    ///   precision); NaN orders before every other number and equals itself; -0.0 equals 0.0;
    /// - strings: by UTF-8 bytes (not Swift's `String <`);
    /// - bytes and arrays: element by element, then the shorter first;
    /// - references: segment by segment, see `UTF8Order.compareResourceNames`;
    /// - geo points: latitude, then longitude;
    /// - vectors (a map whose `__type__` is `"__vector__"`): the length of `value` first, then its elements;
    /// - maps: keys sorted by UTF-8, compared pairwise key then value, then the number of keys.
    ///
    /// - Returns: negative when `lhs` orders first, zero when the two are equal in this order, positive otherwise.
    public static func compare(_ lhs: FirestoreValue, _ rhs: FirestoreValue) -> Int {
        let leftRank = lhs.typeRank
        let rightRank = rhs.typeRank
        if leftRank != rightRank { return leftRank < rightRank ? -1 : 1 }
        switch (lhs, rhs) {
        case (.boolean(let a), .boolean(let b)):
            return a == b ? 0 : (a ? 1 : -1)
        case (.integer(let a), .integer(let b)):
            return three(a, b)
        case (.double(let a), .double(let b)):
            return compareDoubles(a, b)
        case (.integer(let a), .double(let b)):
            return compareExactly(a, b)
        case (.double(let a), .integer(let b)):
            return -compareExactly(b, a)
        case (.timestamp(let a), .timestamp(let b)):
            return a == b ? 0 : (a < b ? -1 : 1)
        case (.string(let a), .string(let b)):
            return UTF8Order.compare(a, b)
        case (.bytes(let a), .bytes(let b)):
            return compareSequences(a, b, by: three)
        case (.reference(let a), .reference(let b)):
            return UTF8Order.compareResourceNames(a, b)
        case (.geoPoint(let latitudeA, let longitudeA), .geoPoint(let latitudeB, let longitudeB)):
            let byLatitude = compareDoubles(latitudeA, latitudeB)
            return byLatitude != 0 ? byLatitude : compareDoubles(longitudeA, longitudeB)
        case (.array(let a), .array(let b)):
            return compareSequences(a, b, by: compare)
        case (.map(let a), .map(let b)) where leftRank == Self.vectorRank:
            let elementsA = vectorElements(a)
            let elementsB = vectorElements(b)
            if elementsA.count != elementsB.count { return elementsA.count < elementsB.count ? -1 : 1 }
            return compareSequences(elementsA, elementsB, by: compare)
        case (.map(let a), .map(let b)):
            return compareMaps(a, b)
        default:
            // Only null is left: every other pair of equal ranks is matched above.
            return 0
        }
    }

    private static let vectorRank = 9

    /// The position of the value's kind in the order of kinds.
    private var typeRank: Int {
        switch self {
        case .null: 0
        case .boolean: 1
        case .integer, .double: 2
        case .timestamp: 3
        case .string: 4
        case .bytes: 5
        case .reference: 6
        case .geoPoint: 7
        case .array: 8
        case .map(let fields): fields["__type__"] == .string("__vector__") ? Self.vectorRank : 10
        }
    }

    private static func vectorElements(_ fields: [String: FirestoreValue]) -> [FirestoreValue] {
        if case .array(let elements) = fields["value"] { return elements }
        return []
    }

    private static func three<T: Comparable>(_ a: T, _ b: T) -> Int {
        a == b ? 0 : (a < b ? -1 : 1)
    }

    /// NaN first and equal to itself; -0.0 equals 0.0 (IEEE comparison already says so).
    private static func compareDoubles(_ a: Double, _ b: Double) -> Int {
        switch (a.isNaN, b.isNaN) {
        case (true, true): 0
        case (true, false): -1
        case (false, true): 1
        case (false, false): a < b ? -1 : (a > b ? 1 : 0)
        }
    }

    /// Compares an integer with a double without rounding either.
    private static func compareExactly(_ integer: Int64, _ double: Double) -> Int {
        if double.isNaN { return 1 }
        // 2^63 is exact as a Double; every double in [-2^63, 2^63) has an integral part that fits Int64.
        let twoToThe63 = 9_223_372_036_854_775_808.0
        if double >= twoToThe63 { return -1 }
        if double < -twoToThe63 { return 1 }
        // Int64(_:) truncates toward zero; below 2^53 both conversions and the subtraction are exact, and
        // above it every double is an integer, so the fraction is exactly 0.
        let integral = Int64(double)
        let byIntegral = three(integer, integral)
        if byIntegral != 0 { return byIntegral }
        let fraction = double - Double(integral)
        return fraction > 0 ? -1 : (fraction < 0 ? 1 : 0)
    }

    private static func compareSequences<T>(_ a: [T], _ b: [T], by compare: (T, T) -> Int) -> Int {
        for (x, y) in zip(a, b) {
            let result = compare(x, y)
            if result != 0 { return result }
        }
        return three(a.count, b.count)
    }

    private static func compareMaps(_ a: [String: FirestoreValue], _ b: [String: FirestoreValue]) -> Int {
        let keysA = a.keys.sorted { UTF8Order.compare($0, $1) < 0 }
        let keysB = b.keys.sorted { UTF8Order.compare($0, $1) < 0 }
        for (keyA, keyB) in zip(keysA, keysB) {
            let byKey = UTF8Order.compare(keyA, keyB)
            if byKey != 0 { return byKey }
            // Both keys come from their own maps, so the values exist.
            let byValue = compare(a[keyA] ?? .null, b[keyB] ?? .null)
            if byValue != 0 { return byValue }
        }
        return three(keysA.count, keysB.count)
    }
}
