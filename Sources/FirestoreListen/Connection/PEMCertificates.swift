internal import Foundation

/// The certificates of a PEM file, checked before gRPC gets them: gRPC takes any text when the channel is
/// made and fails every call later with a vague UNAVAILABLE, so a file that is not what it should be is
/// refused at once, with what is wrong.
///
/// The check is structural, not cryptographic: each `CERTIFICATE` block must be base64 holding one DER
/// SEQUENCE whose length is exactly the block's (what an X.509 certificate is on the outside). TLS itself
/// verifies the rest when it uses them.
enum PEMCertificates {
    private static let begin = "-----BEGIN CERTIFICATE-----"
    private static let end = "-----END CERTIFICATE-----"

    /// The number of certificates in `text`.
    /// - Throws: a one-line reason when there is none, or one is damaged.
    static func check(_ text: String) throws(Failure) -> Int {
        var count = 0
        var rest = Substring(text)
        while let start = rest.range(of: begin) {
            count += 1
            guard let stop = rest.range(of: end, range: start.upperBound..<rest.endIndex) else {
                throw Failure(reason: "certificate \(count) has no END line")
            }
            let body = rest[start.upperBound..<stop.lowerBound].filter { !$0.isWhitespace }
            guard let der = Data(base64Encoded: String(body)) else {
                throw Failure(reason: "certificate \(count) is not base64")
            }
            guard isOneSequence([UInt8](der)) else {
                throw Failure(reason: "certificate \(count) is not a DER certificate")
            }
            rest = rest[stop.upperBound...]
        }
        guard count > 0 else { throw Failure(reason: "it holds no BEGIN CERTIFICATE block") }
        return count
    }

    struct Failure: Error {
        let reason: String
    }

    /// Whether `der` is one DER SEQUENCE (tag 0x30) whose length covers exactly the rest of the bytes.
    private static func isOneSequence(_ der: [UInt8]) -> Bool {
        guard der.count >= 2, der[0] == 0x30 else { return false }
        let first = Int(der[1])
        if first < 0x80 { return der.count == 2 + first }
        let lengthBytes = first & 0x7F
        guard lengthBytes >= 1, lengthBytes <= 4, der.count >= 2 + lengthBytes else { return false }
        let length = der[2..<(2 + lengthBytes)].reduce(0) { $0 << 8 | Int($1) }
        return der.count == 2 + lengthBytes + length
    }
}
