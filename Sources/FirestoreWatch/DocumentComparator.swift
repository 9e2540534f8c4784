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
            let result =
                key.isName
                ? UTF8Order.compareResourceNames(lhs.name, rhs.name)
                : Self.compare(lhs.value(atSegments: key.segments), rhs.value(atSegments: key.segments))
            if result != 0 { return key.descending ? -result : result }
        }
        return 0
    }

    /// `compare(lhs, rhs) < 0`, for `sort(by:)`.
    public func areInIncreasingOrder(_ lhs: Document, _ rhs: Document) -> Bool {
        compare(lhs, rhs) < 0
    }

    /// `items` sorted by the documents `document` picks from them. Each document's ordered values are looked
    /// up once rather than at every comparison, which makes large sorts several times faster.
    func sorted<Item>(_ items: [Item], by document: (Item) -> Document) -> [Item] {
        guard items.count > 1 else { return items }
        let sortKeys = items.map { item in
            let document = document(item)
            return (name: document.name, values: keys.map { $0.isName ? nil : document.value(atSegments: $0.segments) })
        }
        let order = items.indices.sorted { left, right in
            for (index, key) in keys.enumerated() {
                let result =
                    key.isName
                    ? UTF8Order.compareResourceNames(sortKeys[left].name, sortKeys[right].name)
                    : Self.compare(sortKeys[left].values[index], sortKeys[right].values[index])
                if result != 0 { return key.descending ? result > 0 : result < 0 }
            }
            return false
        }
        return order.map { items[$0] }
    }

    private static func compare(_ lhs: FirestoreValue?, _ rhs: FirestoreValue?) -> Int {
        switch (lhs, rhs) {
        case (let a?, let b?): FirestoreValue.compare(a, b)
        case (nil, nil): 0
        case (nil, _): -1
        case (_, nil): 1
        }
    }
}
