import FirestoreWatch
import Testing

@testable import FirestoreWire

/// Values nested far deeper than Firestore stores decode, on a concurrency thread's stack; nesting beyond
/// the stated limit is refused by name, never by a crash.
@Suite struct DeepNestingTests {
    /// A value `depth` arrays deep (each array is two message levels: Value, ArrayValue).
    private func nested(_ depth: Int) -> FirestoreValue {
        (0..<depth).reduce(FirestoreValue.integer(7)) { inner, _ in .array([inner]) }
    }

    /// A ListenResponse with a DocumentChange of a document whose field `v` is `value`.
    private func response(_ value: FirestoreValue) -> [UInt8] {
        let document = Document(
            name: "projects/p/databases/(default)/documents/c/deep",
            fields: ["v": value],
            createTime: Timestamp(seconds: 1),
            updateTime: Timestamp(seconds: 2)
        )
        let body = Wire.encodeDocument(document)
        // DocumentChange { document = 1; target_ids = 5 }, as ListenResponse.document_change = 3.
        let change = [0x0A] + varint(body.count) + body + [0x28, 0x01]
        return [0x1A] + varint(change.count) + change
    }

    private func varint(_ value: Int) -> [UInt8] {
        var value = UInt64(value)
        var bytes: [UInt8] = []
        repeat {
            bytes.append(UInt8(value & 0x7F) | (value > 0x7F ? 0x80 : 0))
            value >>= 7
        } while value > 0
        return bytes
    }

    @Test func aValueSixTimesDeeperThanFirestoreStoresDecodesOnAConcurrencyThread() async throws {
        let bytes = response(nested(190))
        let decoded = try await Task.detached { try Wire.decodeListenResponse(bytes) }.value
        guard case .document(let document, let targets, _) = decoded else {
            Issue.record("not a document change: \(decoded)")
            return
        }
        #expect(targets == [1])
        #expect(document.fields["v"] == nested(190))
    }

    @Test func nestingBeyondTheLimitIsRefusedByNameWithTheDocument() async throws {
        let bytes = response(nested(1000))
        let failure = await Task.detached { () -> String? in
            do {
                _ = try Wire.decodeListenResponse(bytes)
                return nil
            } catch {
                return (error as? WireError)?.message ?? "\(error)"
            }
        }.value
        #expect(failure?.contains("deeper than \(Wire.maximumDepth) levels") == true, "\(String(describing: failure))")
        #expect(failure?.hasSuffix("(document projects/p/databases/(default)/documents/c/deep)") == true)
    }
}
