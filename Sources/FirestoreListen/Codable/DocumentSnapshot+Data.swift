import FirestoreWatch

extension DocumentSnapshot {
    /// The document's fields, or nil when it does not exist; as Firebase's `data()`.
    ///
    /// Values are String, Bool, `Int` for integers (test with `as? Int`: an `Int64` cast fails), Double,
    /// Timestamp, Data for bytes, DocumentReference (of this snapshot's client), GeoPoint, NSNull, `[Any]` and
    /// `[String: Any]`.
    public func data() -> [String: Any]? {
        document.map { $0.data(in: reference.firestore) }
    }

    /// The value of the field at a dotted path (`address.city`), as `data()` gives values; nil when the
    /// document does not exist or has no such field.
    public func get(_ field: String) -> Any? {
        get(FieldPath(dotted: field))
    }

    /// The value of the field at `field`, as `data()` gives values; nil when the document does not exist or has
    /// no such field.
    public func get(_ field: FieldPath) -> Any? {
        document?.anyValue(at: field, in: reference.firestore)
    }

    /// `get(_:)` of a dotted path: `snapshot["address.city"]`.
    public subscript(key: String) -> Any? { self.get(key) }

    /// `get(_:)` of a field path.
    public subscript(key: FieldPath) -> Any? { self.get(key) }

    /// The document decoded as a `T` by `Firestore.Decoder`, `@DocumentID` properties filled; as Firebase's.
    ///
    /// ```swift
    /// struct Ticket: Decodable {
    ///     @DocumentID var id: String?
    ///     var status: String
    /// }
    /// let ticket = try snapshot.data(as: Ticket.self)
    /// ```
    /// - Throws: `DecodingError.valueNotFound` when the document does not exist; else the `DecodingError`, with
    ///   the coding path of the field, of a field that does not decode.
    public func data<T: Decodable>(as type: T.Type) throws -> T {
        guard let document else {
            throw DecodingError.valueNotFound(
                type,
                .init(codingPath: [], debugDescription: "document \(reference.path) does not exist")
            )
        }
        return try Firestore.Decoder().decode(type, fields: document.fields, reference: reference)
    }
}

extension QueryDocumentSnapshot {
    /// The document's fields; as Firebase's `data()`.
    ///
    /// Values are String, Bool, `Int` for integers (test with `as? Int`: an `Int64` cast fails), Double,
    /// Timestamp, Data for bytes, DocumentReference (of this snapshot's client), GeoPoint, NSNull, `[Any]` and
    /// `[String: Any]`.
    public func data() -> [String: Any] {
        document.data(in: reference.firestore)
    }

    /// The value of the field at a dotted path (`address.city`), as `data()` gives values; nil when there is
    /// no such field.
    public func get(_ field: String) -> Any? {
        get(FieldPath(dotted: field))
    }

    /// The value of the field at `field`, as `data()` gives values; nil when there is no such field.
    public func get(_ field: FieldPath) -> Any? {
        document.anyValue(at: field, in: reference.firestore)
    }

    /// `get(_:)` of a dotted path: `snapshot["address.city"]`.
    public subscript(key: String) -> Any? { self.get(key) }

    /// `get(_:)` of a field path.
    public subscript(key: FieldPath) -> Any? { self.get(key) }

    /// The document decoded as a `T` by `Firestore.Decoder`, `@DocumentID` properties filled; as Firebase's.
    ///
    /// ```swift
    /// let tickets = try snapshot.documents.map { try $0.data(as: Ticket.self) }
    /// ```
    /// - Throws: the `DecodingError`, with the coding path of the field, of a field that does not decode.
    public func data<T: Decodable>(as type: T.Type) throws -> T {
        try Firestore.Decoder().decode(type, fields: document.fields, reference: reference)
    }
}

extension Document {
    /// The fields as `data()` gives them.
    fileprivate func data(in firestore: Firestore) -> [String: Any] {
        fields.mapValues { $0.anyValue(in: firestore) }
    }

    /// The value at `path` as `get(_:)` gives it.
    fileprivate func anyValue(at path: FieldPath, in firestore: Firestore) -> Any? {
        value(at: path)?.anyValue(in: firestore)
    }
}

extension FieldPath {
    /// The path of a dotted string, split at every dot, as Firebase reads the string of `get(_:)`.
    fileprivate init(dotted: String) {
        self.init(dotted.split(separator: ".", omittingEmptySubsequences: false).map(String.init))
    }
}
