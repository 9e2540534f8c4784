import Foundation
import Testing

@testable import FirestoreWatch

/// Bloom filter membership, against filters built and queried with Python's hashlib (an independent MD5).
@Suite struct BloomFilterTests {
    static let prefix = "projects/p/databases/(default)/documents/c/"

    /// d1, d2 and d3 in 61 bits (8 bytes, padding 3) with 5 hash functions; d9 is a false positive.
    static let threeNames = BloomFilterBits(
        bitmap: Array(Data(base64Encoded: "nKEDEAoAAwE=")!), padding: 3, hashCount: 5)

    @Test func membersAndNonMembers() throws {
        let filter = try #require(BloomFilter(Self.threeNames))
        for id in 1...3 { #expect(filter.mightContain(Self.prefix + "d\(id)")) }
        for id in 4...29 { #expect(filter.mightContain(Self.prefix + "d\(id)") == (id == 9), "d\(id)") }
    }

    @Test func sameNamesInOtherSizes() throws {
        for (base64, length) in [("AALAAAACwAA=", 8), ("AYCAQAAAAAAEAIAAAAAAAA==", 16)] {
            let bitmap = Array(Data(base64Encoded: base64)!)
            #expect(bitmap.count == length)
            let filter = try #require(BloomFilter(BloomFilterBits(bitmap: bitmap, padding: 5, hashCount: 3)))
            let contained = ["d1", "d2", "d3", "d4", "d5"].map { filter.mightContain(Self.prefix + $0) }
            #expect(contained == [true, false, true, false, false])
        }
    }

    @Test func emptyFilterContainsNothing() throws {
        let filter = try #require(BloomFilter(BloomFilterBits(bitmap: [], padding: 0, hashCount: 0)))
        #expect(!filter.mightContain(Self.prefix + "d1"))
    }

    @Test func malformedBitsAreNoFilter() {
        #expect(BloomFilter(BloomFilterBits(bitmap: [1], padding: 8, hashCount: 1)) == nil)
        #expect(BloomFilter(BloomFilterBits(bitmap: [1], padding: -1, hashCount: 1)) == nil)
        #expect(BloomFilter(BloomFilterBits(bitmap: [1], padding: 0, hashCount: 0)) == nil)
        #expect(BloomFilter(BloomFilterBits(bitmap: [], padding: 1, hashCount: 1)) == nil)
        #expect(BloomFilter(BloomFilterBits(bitmap: [1], padding: 0, hashCount: -2)) == nil)
    }
}
