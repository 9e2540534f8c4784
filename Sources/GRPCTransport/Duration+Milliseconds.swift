extension Duration {
    /// Whole milliseconds, clamped to 0…`Int64.max` (a negative timeout has already expired).
    var clampedMilliseconds: Int64 {
        let (seconds, attoseconds) = components
        guard seconds >= 0, attoseconds >= 0 else { return 0 }
        guard seconds < Int64.max / 1000 else { return Int64.max }
        return seconds * 1000 + attoseconds / 1_000_000_000_000_000
    }
}
