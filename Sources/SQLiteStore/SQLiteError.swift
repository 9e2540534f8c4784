/// A failed SQLite call: the result code and SQLite's message.
public struct SQLiteError: Error, Hashable, Sendable {
    public var code: Int32
    public var message: String

    public init(code: Int32, message: String) {
        self.code = code
        self.message = message
    }
}
