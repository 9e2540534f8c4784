internal import CFirestoreProtos
public import FirestoreWatch

extension Wire {
    /// The bytes of a `CommitRequest` to `database` (`projects/P/databases/D`) with one `Write`:
    /// `update` holds the document name and `fields` as nested maps (see ``DocumentUpdate/nestedFields``),
    /// `update_mask` exactly the canonical paths of `fields` (sorted), `update_transforms` one
    /// REQUEST_TIME per `serverTimeFields` path (in order), and `current_document` the precondition.
    public static func encodeCommitRequest(database: String, update: DocumentUpdate) -> [UInt8] {
        EncodeArena.withArena { arena in
            let write = arena.message(google__firestore__v1__write__init)
            write.pointee.operation_case = GOOGLE__FIRESTORE__V1__WRITE__OPERATION_UPDATE
            write.pointee.update = makeDocument(name: update.name, fields: update.nestedFields, in: arena)
            let mask = arena.message(google__firestore__v1__document_mask__init)
            let paths = update.fields.keys.map(\.canonical).sorted()
            (mask.pointee.n_field_paths, mask.pointee.field_paths) = arena.strings(paths, field: 1, of: mask)
            write.pointee.update_mask = mask
            let transforms = update.serverTimeFields.map { path in
                let transform = arena.message(google__firestore__v1__document_transform__field_transform__init)
                transform.pointee.field_path = arena.string(path.canonical, field: 1, of: transform)
                transform.pointee.transform_type_case =
                    GOOGLE__FIRESTORE__V1__DOCUMENT_TRANSFORM__FIELD_TRANSFORM__TRANSFORM_TYPE_SET_TO_SERVER_VALUE
                transform.pointee.set_to_server_value =
                    GOOGLE__FIRESTORE__V1__DOCUMENT_TRANSFORM__FIELD_TRANSFORM__SERVER_VALUE__REQUEST_TIME
                return Optional(transform)
            }
            write.pointee.n_update_transforms = transforms.count
            write.pointee.update_transforms = arena.array(transforms)
            write.pointee.current_document = makePrecondition(update.precondition, in: arena)
            let request = arena.message(google__firestore__v1__commit_request__init)
            request.pointee.database = arena.string(database, field: 1, of: request)
            request.pointee.n_writes = 1
            request.pointee.writes = arena.array([write])
            return arena.pack(request)
        }
    }

    /// The update time of the first write (absent after a delete) and the commit time.
    ///
    /// - Throws: ``WireError`` when `bytes` are not a well-formed `CommitResponse`.
    public static func decodeCommitResponse(_ bytes: [UInt8]) throws(WireError) -> CommitResult {
        let unpacked = try UnpackedMessage(
            bytes,
            as: "CommitResponse",
            initialize: google__firestore__v1__commit_response__init
        )
        return try unpacked.read { response throws(WireError) in
            let result = response.n_write_results > 0 ? response.write_results[0]?.pointee : nil
            return CommitResult(
                updateTime: try timestamp(result?.update_time, field: "WriteResult.update_time"),
                commitTime: try timestamp(response.commit_time, field: "CommitResponse.commit_time")
            )
        }
    }

    private static func makePrecondition(
        _ precondition: DocumentUpdate.Precondition,
        in arena: EncodeArena
    ) -> UnsafeMutablePointer<Google__Firestore__V1__Precondition> {
        let message = arena.message(google__firestore__v1__precondition__init)
        switch precondition {
        case .exists:
            message.pointee.condition_type_case = GOOGLE__FIRESTORE__V1__PRECONDITION__CONDITION_TYPE_EXISTS
            message.pointee.exists = 1
        case .updateTime(let updateTime):
            message.pointee.condition_type_case = GOOGLE__FIRESTORE__V1__PRECONDITION__CONDITION_TYPE_UPDATE_TIME
            message.pointee.update_time = makeTimestamp(updateTime, in: arena)
        }
        return message
    }
}
