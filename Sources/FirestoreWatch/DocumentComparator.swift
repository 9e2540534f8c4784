/// Orders documents by a list of `QueryOrder`s, as the server orders a query's results.
///
/// Field values compare with `FirestoreValue.compare`; `__name__` compares the names segment by segment. A
/// document without an ordered field (the server never sends one) orders before every value. The order is
/// total only when it ends with `__name__`, as `Query.effectiveOrder` does.
public struct DocumentComparator: Sendable {
    public let order: [QueryOrder]
    private let keys: [Key]

    private struct Key: Sendable {
        var segments: [String]
        var descending: Bool
        var isName: Bool
    }

    public init(order: [QueryOrder]) {
        self.order = order
        self.keys = order.map {
            Key(segments: $0.field.segments, descending: $0.descending, isName: $0.field == .documentName)
        }
    }

    /// - Returns: negative when `lhs` orders first, zero when no key tells them apart, positive otherwise.
    public func compare(_ lhs: Document, _ rhs: Document) -> Int {
        for key in keys {
            var result: Int
            if key.isName {
                result = UTF8Order.compareResourceNames(lhs.name, rhs.name)
            } else {
                switch (lhs.value(atSegments: key.segments), rhs.value(atSegments: key.segments)) {
                case (let a?, let b?): result = FirestoreValue.compare(a, b)
                case (nil, nil): result = 0
                case (nil, _): result = -1
                case (_, nil): result = 1
                }
            }
            if result != 0 { return key.descending ? -result : result }
        }
        return 0
    }

    /// `compare(lhs, rhs) < 0`, for `sort(by:)`.
    public func areInIncreasingOrder(_ lhs: Document, _ rhs: Document) -> Bool {
        compare(lhs, rhs) < 0
    }
}
