/// The last raised view of one target: its documents by name and in query order.
///
/// Both collections always hold the same documents; the order is the target's `DocumentComparator`, which
/// is total (it ends with the document name), so a document's position is found by binary search.
struct TargetView {
    let comparator: DocumentComparator
    private(set) var byName: [DocumentKey: Document]
    /// In query order.
    private(set) var documents: [Document]

    /// A view of `documents` in any order; for a name given twice the last one wins.
    init(comparator: DocumentComparator, documents: [Document] = []) {
        self.comparator = comparator
        var byName: [DocumentKey: Document] = [:]
        for document in documents { byName[DocumentKey(document.name)] = document }
        self.byName = byName
        self.documents = comparator.sorted(Array(byName.values)) { $0 }
    }

    var count: Int { documents.count }

    subscript(key: DocumentKey) -> Document? {
        byName[key]
    }

    /// The position of `document` in `list` (sorted by the comparator), which must hold that very version.
    func exactIndex(of document: Document, in list: [Document]) -> Int {
        let index = insertionIndex(for: document, in: list)
        precondition(index < list.count && list[index].name == document.name, "\(document.name) is not in the view")
        return index
    }

    /// Where `document` goes in `list` (sorted by the comparator): the first position whose document does
    /// not order before it.
    func insertionIndex(for document: Document, in list: [Document]) -> Int {
        var low = 0
        var high = list.count
        while low < high {
            let middle = low + (high - low) / 2
            if comparator.compare(list[middle], document) < 0 {
                low = middle + 1
            } else {
                high = middle
            }
        }
        return low
    }

    /// Replaces the ordered documents with `documents`, which the caller has already put in order, and
    /// applies the name changes of `delta`.
    mutating func replaceDocuments(_ documents: [Document], after delta: ViewDelta) {
        self.documents = documents
        for document in delta.removed { byName[DocumentKey(document.name)] = nil }
        for document in delta.added { byName[DocumentKey(document.name)] = document }
        for modification in delta.modified { byName[DocumentKey(modification.new.name)] = modification.new }
    }
}
