/// The bloom filter of an existence filter: which document names the server still has for a target.
///
/// A name is hashed with MD5 over its UTF-8 bytes (the full `projects/P/databases/D/documents/…` name);
/// `h1` and `h2` are the two halves of the digest read as little-endian `UInt64`s, and the name might be in
/// the set when, for every i in `0..<hashCount`, bit `(h1 + i·h2) mod bitCount` is set (unsigned, wrapping
/// 64-bit arithmetic; bit k is `bitmap[k / 8] & (1 << (k % 8))`). This is what Firebase's SDKs do.
struct BloomFilter {
    private let bitmap: [UInt8]
    private let bitCount: UInt64
    private let hashCount: Int

    /// Nil when the bits are malformed: padding outside 0...7, padding on an empty bitmap, a negative
    /// hash count, or a non-empty bitmap with no hash functions. Callers treat that as "no filter".
    init?(_ bits: BloomFilterBits) {
        guard (0...7).contains(bits.padding), bits.hashCount >= 0 else { return nil }
        if bits.bitmap.isEmpty {
            guard bits.padding == 0 else { return nil }
        } else {
            guard bits.hashCount > 0 else { return nil }
        }
        bitmap = bits.bitmap
        bitCount = UInt64(bits.bitmap.count) * 8 - UInt64(bits.padding)
        hashCount = Int(bits.hashCount)
    }

    /// False means the name is certainly not in the set; true means it probably is. An empty filter
    /// contains nothing.
    func mightContain(_ name: String) -> Bool {
        guard bitCount > 0 else { return false }
        let digest = MD5.digest(Array(name.utf8))
        let h1 = Self.littleEndianWord(digest, from: 0)
        let h2 = Self.littleEndianWord(digest, from: 8)
        for i in 0..<UInt64(hashCount) {
            let bit = (h1 &+ i &* h2) % bitCount
            if bitmap[Int(bit / 8)] & (1 << (bit % 8)) == 0 { return false }
        }
        return true
    }

    private static func littleEndianWord(_ bytes: [UInt8], from start: Int) -> UInt64 {
        var word: UInt64 = 0
        for offset in (0..<8).reversed() { word = word << 8 | UInt64(bytes[start + offset]) }
        return word
    }
}
