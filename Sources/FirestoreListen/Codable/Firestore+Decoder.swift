import FirestoreWatch
internal import Foundation

extension Firestore {
    /// Decodes a Swift value from a document's data, as Firebase's `Firestore.Decoder`.
    ///
    /// Reads what `Firestore.Encoder` writes and what `data()` gives:
    /// - every integer type, range-checked: a value out of the type's range is a `DecodingError`, never a
    ///   wrapped number; a double that holds a whole number also decodes as an integer;
    /// - `Double` and `Float` from a double or an integer;
    /// - `Timestamp` and `Date` from a timestamp, `Data` from bytes, `GeoPoint` from a geo point, `URL` from a
    ///   string, `DocumentReference` from a reference (made by the document's client; a reference of another
    ///   database is a `DecodingError`);
    /// - missing fields and nulls as `Decodable` defines them: `decodeIfPresent` (optional properties) gives
    ///   nil for both, `decode` throws `keyNotFound` for a missing field and `valueNotFound` for null;
    /// - `@DocumentID` from the document's reference, whatever the fields hold.
    ///
    /// Every `DecodingError` carries the coding path of the value, so the field that did not decode is known.
    ///
    /// ```swift
    /// struct Ticket: Codable {
    ///     @DocumentID var id: String?
    ///     var status: String
    ///     var attempts: Int?
    /// }
    /// let ticket = try Firestore.Decoder().decode(Ticket.self, from: ["status": "pending"], in: reference)
    /// // ticket.id == reference.documentID, ticket.attempts == nil
    /// ```
    public struct Decoder: Sendable {
        /// A decoder; it has no settings.
        public init() {}

        /// A `T` decoded from `data`, the data of the document at `reference` when one is given.
        ///
        /// References in `data` are `DocumentReference`s; `reference` fills `@DocumentID` properties (nil
        /// without it).
        /// - Throws: `DecodingError`, with the coding path of the value that did not decode.
        public func decode<T: Decodable>(
            _ type: T.Type,
            from data: [String: Any],
            in reference: DocumentReference? = nil
        ) throws -> T {
            var clients = reference.map { [$0.firestore] } ?? []
            let fields: [String: FirestoreValue]
            do {
                guard
                    case .map(let map) = try FirestoreValue(
                        any: Self.readable(data, clients: &clients), nestedArrays: true)
                else {
                    preconditionFailure("a dictionary converts to a map")
                }
                fields = map
            } catch {
                throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: error.message))
            }
            return try decode(type, fields: fields, clients: clients, reference: reference)
        }

        /// A `T` decoded from the fields of the document at `reference`, whose client makes the references.
        /// - Throws: `DecodingError`, with the coding path of the value that did not decode.
        package func decode<T: Decodable>(
            _ type: T.Type,
            fields: [String: FirestoreValue],
            reference: DocumentReference?
        ) throws -> T {
            try decode(type, fields: fields, clients: reference.map { [$0.firestore] } ?? [], reference: reference)
        }

        /// `data` as a document read back holds it: a server time not set yet (`serverTimestamp()`, as
        /// `Firestore.Encoder` writes a nil `@ServerTimestamp`) is null, as in Firebase; and the clients of the
        /// references met, which make the decoded references.
        private static func readable(_ data: Any, clients: inout [Firestore]) -> Any {
            switch data {
            case let sentinel as FieldValue:
                if case .serverTimestamp = sentinel.kind { return NSNull() }
                return sentinel
            case let reference as DocumentReference:
                if !clients.contains(where: { $0 === reference.firestore }) { clients.append(reference.firestore) }
                return reference
            case let map as [String: Any]: return map.mapValues { readable($0, clients: &clients) }
            case let array as [Any]: return array.map { readable($0, clients: &clients) }
            default: return data
            }
        }

        private func decode<T: Decodable>(
            _ type: T.Type,
            fields: [String: FirestoreValue],
            clients: [Firestore],
            reference: DocumentReference?
        ) throws -> T {
            let context = DecodingContext(clients: clients, documentReference: reference)
            return try context.decode(type, from: .map(fields), at: [])
        }
    }
}
