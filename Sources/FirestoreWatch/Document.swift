/// A Firestore document as the server sent it.
public struct Document: Hashable, Sendable {
    /// The full resource name: `projects/P/databases/D/documents/rooms/r1/messages/m1`.
    public var name: String
    public var fields: [String: FirestoreValue]
    public var createTime: Timestamp
    public var updateTime: Timestamp

    public init(name: String, fields: [String: FirestoreValue], createTime: Timestamp, updateTime: Timestamp) {
        self.name = name
        self.fields = fields
        self.createTime = createTime
        self.updateTime = updateTime
    }

    /// The last segment of the name: the document's id.
    public var id: String {
        guard let slash = name.lastIndex(of: "/") else { return name }
        return String(name[name.index(after: slash)...])
    }
}
