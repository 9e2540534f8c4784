extension DocumentReference: Codable {
    /// The reference of the value `decoder` decodes; only `Firestore.Decoder` can make one (it needs the client).
    /// - Throws: `DecodingError` with another decoder, for a value that is not a reference, or for a
    ///   reference of another database.
    public convenience init(from decoder: any Swift.Decoder) throws {
        guard let decoder = decoder as? FirestoreValueDecoder else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription: "a DocumentReference decodes only with Firestore.Decoder"
                )
            )
        }
        let reference = try decoder.context.decode(DocumentReference.self, from: decoder.value, at: decoder.codingPath)
        self.init(firestore: reference.firestore, path: reference.path)
    }

    /// Encodes the reference for `Firestore.Encoder`, which stores it as a reference value.
    /// - Throws: `EncodingError.invalidValue` with another encoder: a reference means nothing outside its
    ///   client.
    public func encode(to encoder: any Swift.Encoder) throws {
        guard let fields = encoder as? FieldsEncoder else {
            throw EncodingError.invalidValue(
                self,
                .init(
                    codingPath: encoder.codingPath,
                    debugDescription: "a DocumentReference encodes only with Firestore.Encoder"
                )
            )
        }
        fields.setSingleValue(.leaf(self))
    }
}
