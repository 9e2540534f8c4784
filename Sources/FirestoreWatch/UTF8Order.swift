/// Three-way comparisons of text in the byte order Firestore uses.
///
/// Swift's `String <` compares by Unicode canonical equivalence, which is not the server's order; these
/// functions walk the UTF-8 bytes instead. Results follow `strcmp`: negative, zero or positive.
enum UTF8Order {
    /// Compares two strings by their UTF-8 bytes; a proper prefix orders first.
    static func compare(_ lhs: String, _ rhs: String) -> Int {
        var left = lhs.utf8.makeIterator()
        var right = rhs.utf8.makeIterator()
        while true {
            switch (left.next(), right.next()) {
            case (nil, nil): return 0
            case (nil, _): return -1
            case (_, nil): return 1
            case (let a?, let b?):
                if a != b { return a < b ? -1 : 1 }
            }
        }
    }

    /// Compares two resource names (`projects/P/databases/D/documents/c/d`) segment by segment.
    ///
    /// Segments compare by UTF-8 bytes and a path that is a prefix of the other orders first. Mapping the
    /// separator below every other byte, and the end of a name below the separator, gives exactly that order
    /// in one pass without splitting: `c/a/x/y` < `c/a-b` although `/` (0x2F) > `-` (0x2D).
    static func compareResourceNames(_ lhs: String, _ rhs: String) -> Int {
        var left = lhs.utf8.makeIterator()
        var right = rhs.utf8.makeIterator()
        while true {
            let a = rank(left.next())
            let b = rank(right.next())
            if a != b { return a < b ? -1 : 1 }
            if a < 0 { return 0 }
        }
    }

    /// -1 for the end of the name, 0 for `/`, the byte plus one otherwise.
    private static func rank(_ byte: UInt8?) -> Int {
        guard let byte else { return -1 }
        return byte == UInt8(ascii: "/") ? 0 : Int(byte) + 1
    }
}
