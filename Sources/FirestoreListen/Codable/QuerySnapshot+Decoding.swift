/// What to do with a document of a query's result that does not decode; Firebase's name (of `@FirestoreQuery`).
public enum DecodingFailureStrategy: Hashable, Sendable {
    /// Leave the document out, and report it in `DecodedDocuments.errors`.
    case ignore
    /// Throw the error of the first document that does not decode.
    case raise
}

/// The documents of a query's result decoded as `T`, and those that did not decode.
public struct DecodedDocuments<T> {
    /// The documents that decoded, in query order.
    public let items: [T]
    /// The documents that did not decode, in query order; always empty with `.raise`.
    public let errors: [DocumentDecodingError]

    /// The decoded `items` and the `errors` of the documents that did not decode.
    public init(items: [T], errors: [DocumentDecodingError]) {
        self.items = items
        self.errors = errors
    }
}

extension DecodedDocuments: Sendable where T: Sendable {}

extension QuerySnapshot {
    /// Every document of the result decoded as a `T` by `Firestore.Decoder`, in query order.
    ///
    /// ```swift
    /// let tickets = try snapshot.documents(as: Ticket.self, decodingFailureStrategy: .ignore)
    /// for error in tickets.errors { print(error) }   // queue/t3: field 'count': expected Int64, found string
    /// show(tickets.items)
    /// ```
    /// - Parameter decodingFailureStrategy: `.raise` (the default) throws at the first document that does not
    ///   decode; `.ignore` leaves it out and reports it in `errors`.
    /// - Throws: `DocumentDecodingError` of the first document that does not decode, with `.raise`.
    public func documents<T: Decodable>(
        as type: T.Type,
        decodingFailureStrategy: DecodingFailureStrategy = .raise
    ) throws(DocumentDecodingError) -> DecodedDocuments<T> {
        var items: [T] = []
        var errors: [DocumentDecodingError] = []
        for document in documents {
            do {
                items.append(try document.data(as: type))
            } catch {
                let failure = DocumentDecodingError(documentPath: document.reference.path, underlying: error)
                guard decodingFailureStrategy == .ignore else { throw failure }
                errors.append(failure)
            }
        }
        return DecodedDocuments(items: items, errors: errors)
    }
}
