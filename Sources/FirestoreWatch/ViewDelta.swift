/// The changes of one target between two consistency points, before they are ordered and indexed.
struct ViewDelta {
    /// A document of the view whose update time changed.
    struct Modification {
        var old: Document
        var new: Document
    }

    /// Last seen versions of documents that left the view.
    var removed: [Document] = []
    /// Documents new to the view.
    var added: [Document] = []
    var modified: [Modification] = []

    var count: Int { removed.count + added.count + modified.count }
}
