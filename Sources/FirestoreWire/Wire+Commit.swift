internal import CFirestoreProtos
public import FirestoreWatch

extension Wire {
    /// The bytes of a `CommitRequest` to `database` (`projects/P/databases/D`) with one `Write`, the
    /// update's ``DocumentUpdate/write``.
    public static func encodeCommitRequest(database: String, update: DocumentUpdate) -> [UInt8] {
        encodeCommitRequest(database: database, writes: [update.write])
    }

    /// The bytes of a `CommitRequest` to `database` (`projects/P/databases/D`) with `writes`, in order,
    /// applied atomically by the server. Each `Write` holds `update` (name and fields) and `update_mask`
    /// when there is a mask (its paths in the given order), or `delete`; then `update_transforms` in order
    /// and `current_document` when there is a precondition.
    public static func encodeCommitRequest(database: String, writes: [DocumentWrite]) -> [UInt8] {
        EncodeArena.withArena { arena in
            let request = arena.message(google__firestore__v1__commit_request__init)
            request.pointee.database = arena.string(database, field: 1, of: request)
            request.pointee.n_writes = writes.count
            request.pointee.writes = arena.array(writes.map { Optional(makeWrite($0, in: arena)) })
            return arena.pack(request)
        }
    }

    /// The update time of the first write (absent after a delete) and the commit time.
    ///
    /// - Throws: ``WireError`` when `bytes` are not a well-formed `CommitResponse`.
    public static func decodeCommitResponse(_ bytes: [UInt8]) throws(WireError) -> CommitResult {
        let response = try decodeCommitResults(bytes)
        return CommitResult(updateTime: response.updateTimes.first ?? nil, commitTime: response.commitTime)
    }

    /// The commit time and, per write in order, the update time (absent after a delete).
    ///
    /// - Throws: ``WireError`` when `bytes` are not a well-formed `CommitResponse`.
    public static func decodeCommitResults(_ bytes: [UInt8]) throws(WireError) -> CommitResponse {
        let unpacked = try UnpackedMessage(
            bytes,
            as: "CommitResponse",
            initialize: google__firestore__v1__commit_response__init
        )
        return try unpacked.read { response throws(WireError) in
            var updateTimes: [Timestamp?] = []
            for index in 0..<response.n_write_results {
                let result = response.write_results[index]?.pointee
                updateTimes.append(try timestamp(result?.update_time, field: "WriteResult.update_time"))
            }
            return CommitResponse(
                commitTime: try timestamp(response.commit_time, field: "CommitResponse.commit_time"),
                updateTimes: updateTimes
            )
        }
    }

    private static func makeWrite(
        _ write: DocumentWrite,
        in arena: EncodeArena
    ) -> UnsafeMutablePointer<Google__Firestore__V1__Write> {
        let message = arena.message(google__firestore__v1__write__init)
        switch write.operation {
        case .update(let fields, let mask):
            message.pointee.operation_case = GOOGLE__FIRESTORE__V1__WRITE__OPERATION_UPDATE
            message.pointee.update = makeDocument(name: write.name, fields: fields, in: arena)
            if let mask {
                let document = arena.message(google__firestore__v1__document_mask__init)
                (document.pointee.n_field_paths, document.pointee.field_paths) = arena.strings(
                    mask.map(\.canonical), field: 1, of: document)
                message.pointee.update_mask = document
            }
        case .delete:
            if let name = arena.string(write.name, field: 2, of: message) {
                message.pointee.operation_case = GOOGLE__FIRESTORE__V1__WRITE__OPERATION_DELETE
                message.pointee.delete_ = name
            }
        }
        let transforms = write.transforms.map { Optional(makeTransform($0, in: arena)) }
        message.pointee.n_update_transforms = transforms.count
        message.pointee.update_transforms = arena.array(transforms)
        message.pointee.current_document = write.precondition.map { makePrecondition($0, in: arena) }
        return message
    }

    private static func makeTransform(
        _ transform: FieldTransform,
        in arena: EncodeArena
    ) -> UnsafeMutablePointer<Google__Firestore__V1__DocumentTransform__FieldTransform> {
        let message = arena.message(google__firestore__v1__document_transform__field_transform__init)
        message.pointee.field_path = arena.string(transform.field.canonical, field: 1, of: message)
        switch transform.kind {
        case .serverRequestTime:
            message.pointee.transform_type_case =
                GOOGLE__FIRESTORE__V1__DOCUMENT_TRANSFORM__FIELD_TRANSFORM__TRANSFORM_TYPE_SET_TO_SERVER_VALUE
            message.pointee.set_to_server_value =
                GOOGLE__FIRESTORE__V1__DOCUMENT_TRANSFORM__FIELD_TRANSFORM__SERVER_VALUE__REQUEST_TIME
        case .increment(let value):
            message.pointee.transform_type_case =
                GOOGLE__FIRESTORE__V1__DOCUMENT_TRANSFORM__FIELD_TRANSFORM__TRANSFORM_TYPE_INCREMENT
            message.pointee.increment = makeValue(value, in: arena)
        case .appendMissingElements(let elements):
            message.pointee.transform_type_case =
                GOOGLE__FIRESTORE__V1__DOCUMENT_TRANSFORM__FIELD_TRANSFORM__TRANSFORM_TYPE_APPEND_MISSING_ELEMENTS
            message.pointee.append_missing_elements = makeArrayValue(elements, in: arena)
        case .removeAllFromArray(let elements):
            message.pointee.transform_type_case =
                GOOGLE__FIRESTORE__V1__DOCUMENT_TRANSFORM__FIELD_TRANSFORM__TRANSFORM_TYPE_REMOVE_ALL_FROM_ARRAY
            message.pointee.remove_all_from_array = makeArrayValue(elements, in: arena)
        }
        return message
    }

    private static func makePrecondition(
        _ precondition: DocumentWrite.Precondition,
        in arena: EncodeArena
    ) -> UnsafeMutablePointer<Google__Firestore__V1__Precondition> {
        let message = arena.message(google__firestore__v1__precondition__init)
        switch precondition {
        case .exists(let exists):
            message.pointee.condition_type_case = GOOGLE__FIRESTORE__V1__PRECONDITION__CONDITION_TYPE_EXISTS
            message.pointee.exists = exists ? 1 : 0
        case .updateTime(let updateTime):
            message.pointee.condition_type_case = GOOGLE__FIRESTORE__V1__PRECONDITION__CONDITION_TYPE_UPDATE_TIME
            message.pointee.update_time = makeTimestamp(updateTime, in: arena)
        }
        return message
    }
}
