/// One change of a view, as Google's conformance tests define it.
///
/// The changes of a snapshot are applied one by one, in order: `oldIndex` is the document's position just
/// before this change is applied and `newIndex` just after, -1 where there is none (old for `added`, new for
/// `removed`). A modification counts as a removal followed by an insertion.
public struct DocumentViewChange: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable {
        case added
        case removed
        case modified
    }

    public var kind: Kind
    /// The new version; for `removed`, the last version that was seen.
    public var document: Document
    public var oldIndex: Int
    public var newIndex: Int

    public init(kind: Kind, document: Document, oldIndex: Int, newIndex: Int) {
        self.kind = kind
        self.document = document
        self.oldIndex = oldIndex
        self.newIndex = newIndex
    }
}
