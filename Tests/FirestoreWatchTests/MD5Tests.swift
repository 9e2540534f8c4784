import Testing

@testable import FirestoreWatch

/// MD5 against RFC 1321's test suite and digests computed with another implementation (Python's hashlib).
@Suite struct MD5Tests {
    static let vectors: [(message: [UInt8], hex: String)] = [
        (Array("".utf8), "d41d8cd98f00b204e9800998ecf8427e"),
        (Array("a".utf8), "0cc175b9c0f1b6a831c399e269772661"),
        (Array("abc".utf8), "900150983cd24fb0d6963f7d28e17f72"),
        (Array("message digest".utf8), "f96b697d7cb7938d525a2f31aaf161d0"),
        (Array("abcdefghijklmnopqrstuvwxyz".utf8), "c3fcd3d76192e4007dfb496cca67e13b"),
        (
            Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".utf8),
            "d174ab98d277d9f5a5611c2c9f419d9f"
        ),
        (Array(String(repeating: "1234567890", count: 8).utf8), "57edf4a22be3c955ac49da2e2107b67a"),
        // Padding edges: 55 bytes fit one block, 56 and 64 need two.
        ([UInt8](repeating: UInt8(ascii: "x"), count: 55), "04364420e25c512fd958a70738aa8f72"),
        ([UInt8](repeating: UInt8(ascii: "x"), count: 56), "668a72d5ba17f08e62dabcafad6db14b"),
        ([UInt8](repeating: UInt8(ascii: "x"), count: 64), "c1bb4f81d892b2d57947682aeb252456"),
        ([UInt8](repeating: UInt8(ascii: "a"), count: 1000), "cabe45dcc9ae5b66ba86600cca6b8ba8"),
        (Array(0...255), "e2c865db4162bed963bfaa9ef6ac18f0"),
    ]

    @Test(arguments: vectors.indices) func digest(_ index: Int) {
        let (message, hex) = Self.vectors[index]
        let digest = MD5.digest(message)
        #expect(digest.count == 16)
        #expect(digest.map { String($0, radix: 16).leftPadded(to: 2) }.joined() == hex)
    }
}

extension String {
    func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
