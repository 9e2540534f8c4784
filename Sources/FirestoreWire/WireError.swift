/// Bytes that do not decode as the message `Wire` expected: malformed protobuf, a oneof with no member
/// set, an unknown enum value, a string that is not UTF-8, a timestamp out of range or nesting deeper
/// than ``Wire/maximumDepth``.
///
/// `message` is one line for humans, naming the message or field where decoding stopped.
public struct WireError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String

    public init(message: String) {
        self.message = message
    }

    public var description: String { message }
}
