extension FieldPath {
    /// Compares two paths segment by segment (UTF-8 within a segment, a proper prefix first): the order in
    /// which Firestore appends implicit inequality orders.
    ///
    /// - Returns: negative when `lhs` orders first, zero when equal, positive otherwise.
    public static func compare(_ lhs: FieldPath, _ rhs: FieldPath) -> Int {
        for (a, b) in zip(lhs.segments, rhs.segments) {
            let result = UTF8Order.compare(a, b)
            if result != 0 { return result }
        }
        return lhs.segments.count == rhs.segments.count ? 0 : (lhs.segments.count < rhs.segments.count ? -1 : 1)
    }
}
