internal import CFirestoreProtos
public import FirestoreWatch

extension Wire {
    /// The bytes of a `GetDocumentRequest` for the document named `name` (its full resource name).
    public static func encodeGetDocumentRequest(name: String) -> [UInt8] {
        EncodeArena.withArena { arena in
            let request = arena.message(google__firestore__v1__get_document_request__init)
            request.pointee.name = arena.string(name, field: 1, of: request)
            return arena.pack(request)
        }
    }

    /// The `Document` that `GetDocument` answers with.
    ///
    /// - Throws: ``WireError`` when `bytes` are not a well-formed `Document`.
    public static func decodeDocument(_ bytes: [UInt8]) throws(WireError) -> Document {
        let unpacked = try UnpackedMessage(bytes, as: "Document", initialize: google__firestore__v1__document__init)
        return try unpacked.read { message throws(WireError) in try document(message) }
    }

    /// A `google.firestore.v1.Document` with `name` and `fields` built in `arena` (no times: a write
    /// never sends them).
    static func makeDocument(
        name: String,
        fields: [String: FirestoreValue],
        in arena: EncodeArena
    ) -> UnsafeMutablePointer<Google__Firestore__V1__Document> {
        let document = arena.message(google__firestore__v1__document__init)
        document.pointee.name = arena.string(name, field: 1, of: document)
        let entries = makeEntries(fields, in: arena, initialize: google__firestore__v1__document__fields_entry__init) {
            $0.pointee.key = arena.string($1, field: 1, of: $0)
            $0.pointee.value = $2
        }
        document.pointee.n_fields = entries.count
        document.pointee.fields = arena.array(entries)
        return document
    }

    /// The document `message` holds. Absent create and update times read as the epoch, as protobuf
    /// reads an absent message; Firestore always sends both.
    ///
    /// - Throws: ``WireError`` for a bad name, field or timestamp.
    static func document(_ message: Google__Firestore__V1__Document) throws(WireError) -> Document {
        let name = try UnpackAllocator.string(message.name, field: "Document.name")
        let fields: [String: FirestoreValue]
        do throws(WireError) {
            fields = try self.fields(message.fields, count: message.n_fields) { ($0.key, $0.value) }
        } catch {
            throw WireError(message: "document \(name): \(error.message)")
        }
        let createTime = try timestamp(message.create_time, field: "Document.create_time")
        let updateTime = try timestamp(message.update_time, field: "Document.update_time")
        return Document(
            name: name,
            fields: fields,
            createTime: createTime ?? Timestamp(seconds: 0),
            updateTime: updateTime ?? Timestamp(seconds: 0)
        )
    }
}
