/// A document name as a dictionary key that compares by UTF-8 bytes.
///
/// Swift's `String ==` treats canonically equivalent names (`é` precomposed, or `e` + U+0301) as equal;
/// Firestore stores them as two documents. The hash is `String`'s, which byte-equal names share. For ASCII
/// names (nearly all) `String ==` already compares bytes, so only other names pay for a second comparison.
struct DocumentKey: Hashable {
    let name: String
    private let isASCII: Bool

    init(_ name: String) {
        self.name = name
        self.isASCII = name.utf8.allSatisfy { $0 < 0x80 }
    }

    static func == (lhs: DocumentKey, rhs: DocumentKey) -> Bool {
        guard lhs.name == rhs.name else { return false }
        return (lhs.isASCII && rhs.isASCII) || UTF8Order.compare(lhs.name, rhs.name) == 0
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(name)
    }
}
