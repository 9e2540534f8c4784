// Shared by every fuzz target (Scripts/fuzz compiles it into each): reading the fuzzer's bytes, writing
// protobuf by hand, and failing loudly when an invariant does not hold.

/// The fuzzer's bytes, read front to back; reads past the end give zeros, so every input means something.
struct FuzzInput {
    private let data: [UInt8]
    private var index = 0

    init(_ bytes: [UInt8]) { self.data = bytes }

    init(_ start: UnsafeRawPointer?, _ count: Int) {
        self.data = count == 0 ? [] : Array(UnsafeRawBufferPointer(start: start, count: count))
    }

    var isAtEnd: Bool { index >= data.count }
    var remaining: [UInt8] { isAtEnd ? [] : Array(data[index...]) }

    mutating func byte() -> UInt8 {
        guard index < data.count else { return 0 }
        defer { index += 1 }
        return data[index]
    }

    mutating func bytes(_ count: Int) -> [UInt8] {
        let end = min(data.count, index + count)
        defer { index = max(index, end) }
        return index < end ? Array(data[index..<end]) : []
    }

    /// A chunk: a 16-bit little-endian length, then that many bytes (fewer at the end of the input).
    mutating func chunk() -> [UInt8] {
        let length = Int(byte()) | Int(byte()) << 8
        return bytes(length)
    }

    /// The rest of the input split at `separator`.
    func split(_ separator: UInt8) -> [[UInt8]] {
        remaining.split(separator: separator, omittingEmptySubsequences: false).map(Array.init)
    }
}

/// Traps with a message libFuzzer shows with the crashing input: an invariant is broken.
func check(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !condition() { fatalError("fuzz invariant: " + message()) }
}

/// Protobuf wire format, written by hand: just what the targets need to build messages from a few bytes.
struct ProtobufWriter {
    private(set) var bytes: [UInt8] = []

    mutating func varint(_ value: UInt64) {
        var value = value
        while value >= 0x80 {
            bytes.append(UInt8(value & 0x7F) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }

    mutating func tag(_ field: Int, _ wireType: Int) { varint(UInt64(field << 3 | wireType)) }

    mutating func int(_ field: Int, _ value: Int64) {
        tag(field, 0)
        varint(UInt64(bitPattern: value))
    }

    mutating func double(_ field: Int, _ value: Double) {
        tag(field, 1)
        var bits = value.bitPattern
        for _ in 0..<8 {
            bytes.append(UInt8(bits & 0xFF))
            bits >>= 8
        }
    }

    mutating func field(_ field: Int, _ value: [UInt8]) {
        tag(field, 2)
        varint(UInt64(value.count))
        bytes += value
    }

    mutating func string(_ field: Int, _ value: String) { self.field(field, Array(value.utf8)) }

    mutating func message(_ field: Int, _ build: (inout ProtobufWriter) -> Void) {
        var inner = ProtobufWriter()
        build(&inner)
        self.field(field, inner.bytes)
    }

    /// A `google.protobuf.Timestamp` field.
    mutating func timestamp(_ field: Int, seconds: Int64, nanos: Int32) {
        message(field) {
            $0.int(1, seconds)
            $0.int(2, Int64(nanos))
        }
    }
}

/// A `google.firestore.v1.Value` built from the input: every kind, with the edge cases of each (NaN, -0.0,
/// the integer extremes, nanos out of range, invalid UTF-8 in strings), nested up to `depth`.
func writeValue(_ input: inout FuzzInput, into writer: inout ProtobufWriter, depth: Int = 2) {
    let kind = input.byte()
    switch kind % 12 {
    case 0: writer.int(11, 0)
    case 1: writer.int(1, Int64(kind >> 4 & 1))
    case 2:
        let integers: [Int64] = [0, 1, -1, 2, 42, 255, Int64(Int32.max) + 1, 1 << 53, Int64.max, Int64.min]
        writer.int(2, integers[Int(input.byte()) % integers.count])
    case 3:
        let doubles: [Double] = [0, -0.0, 1, -1, 0.5, 2, .nan, .infinity, -.infinity, 1e300, 9_007_199_254_740_994]
        writer.double(3, doubles[Int(input.byte()) % doubles.count])
    case 4:
        let nanos: [Int32] = [0, 1, 999_999_999, 1_000_000_000, -1]
        writer.timestamp(10, seconds: Int64(Int8(bitPattern: input.byte())), nanos: nanos[Int(input.byte()) % 5])
    case 5: writer.field(17, input.bytes(Int(input.byte() % 4)))
    case 6: writer.field(18, input.bytes(Int(input.byte() % 4)))
    case 7: writer.string(5, "projects/p/databases/(default)/documents/c/" + String(input.byte() % 4))
    case 8:
        writer.message(8) {
            $0.double(1, Double(Int8(bitPattern: input.byte())))
            $0.double(2, Double(Int8(bitPattern: input.byte())))
        }
    case 9 where depth > 0:
        let count = input.byte() % 3
        writer.message(9) { array in
            for _ in 0..<count { array.message(1) { writeValue(&input, into: &$0, depth: depth - 1) } }
        }
    case 10 where depth > 0:
        let count = input.byte() % 3
        writer.message(6) { map in
            for _ in 0..<count {
                map.message(1) { entry in
                    entry.string(1, ["a", "b", "c", "a.b"][Int(input.byte()) % 4])
                    entry.message(2) { writeValue(&input, into: &$0, depth: depth - 1) }
                }
            }
        }
    default:
        // A value message with no kind set, or an unknown field: both are decoding errors or nulls.
        writer.int(Int(kind % 40) + 1, 1)
    }
}
