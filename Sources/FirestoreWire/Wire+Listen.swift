internal import CFirestoreProtos
public import FirestoreWatch

extension Wire {
    /// The bytes of one `ListenRequest` on the stream for `database` (`projects/P/databases/D`).
    ///
    /// An added target carries its query or document names, its id, its resume point (a token only
    /// when it is not empty) and `expected_count` when it has one.
    public static func encodeListenRequest(database: String, _ body: ListenRequestBody) -> [UInt8] {
        EncodeArena.withArena { arena in
            let request = arena.message(google__firestore__v1__listen_request__init)
            request.pointee.database = arena.string(database, field: 1, of: request)
            switch body {
            case .add(let target):
                request.pointee.target_change_case = GOOGLE__FIRESTORE__V1__LISTEN_REQUEST__TARGET_CHANGE_ADD_TARGET
                request.pointee.add_target = makeTarget(target, in: arena)
            case .remove(let targetID):
                request.pointee.target_change_case = GOOGLE__FIRESTORE__V1__LISTEN_REQUEST__TARGET_CHANGE_REMOVE_TARGET
                request.pointee.remove_target = targetID
            }
            return arena.pack(request)
        }
    }

    /// What one `ListenResponse` says.
    ///
    /// - Throws: ``WireError`` when `bytes` are not a well-formed `ListenResponse`, none of its
    ///   five response kinds is set (a kind newer than this proto), or an enum has an unknown value.
    public static func decodeListenResponse(_ bytes: [UInt8]) throws(WireError) -> WatchChange {
        do {
            return try decodeListenResponseBody(bytes)
        } catch {
            // Name the document the message is about, when its bytes still tell it.
            guard let name = ListenResponseName.document(in: bytes) else { throw error }
            throw WireError(message: "\(error.message) (document \(name))")
        }
    }

    private static func decodeListenResponseBody(_ bytes: [UInt8]) throws(WireError) -> WatchChange {
        let unpacked = try UnpackedMessage(
            bytes,
            as: "ListenResponse",
            initialize: google__firestore__v1__listen_response__init
        )
        return try unpacked.read { response throws(WireError) in
            switch response.response_type_case {
            case GOOGLE__FIRESTORE__V1__LISTEN_RESPONSE__RESPONSE_TYPE_TARGET_CHANGE:
                return .target(try targetChange(response.target_change?.pointee))
            case GOOGLE__FIRESTORE__V1__LISTEN_RESPONSE__RESPONSE_TYPE_DOCUMENT_CHANGE:
                guard let change = response.document_change?.pointee, let document = change.document else {
                    throw WireError(message: "ListenResponse.document_change has no document")
                }
                return .document(
                    try self.document(document.pointee),
                    targetIDs: int32s(change.target_ids, count: change.n_target_ids),
                    removedTargetIDs: int32s(change.removed_target_ids, count: change.n_removed_target_ids)
                )
            case GOOGLE__FIRESTORE__V1__LISTEN_RESPONSE__RESPONSE_TYPE_DOCUMENT_DELETE:
                let delete = response.document_delete?.pointee ?? Google__Firestore__V1__DocumentDelete()
                return .delete(
                    name: try UnpackAllocator.string(delete.document, field: "DocumentDelete.document"),
                    removedTargetIDs: int32s(delete.removed_target_ids, count: delete.n_removed_target_ids),
                    readTime: try timestamp(delete.read_time, field: "DocumentDelete.read_time")
                )
            case GOOGLE__FIRESTORE__V1__LISTEN_RESPONSE__RESPONSE_TYPE_DOCUMENT_REMOVE:
                let remove = response.document_remove?.pointee ?? Google__Firestore__V1__DocumentRemove()
                return .remove(
                    name: try UnpackAllocator.string(remove.document, field: "DocumentRemove.document"),
                    removedTargetIDs: int32s(remove.removed_target_ids, count: remove.n_removed_target_ids),
                    readTime: try timestamp(remove.read_time, field: "DocumentRemove.read_time")
                )
            case GOOGLE__FIRESTORE__V1__LISTEN_RESPONSE__RESPONSE_TYPE_FILTER:
                return .existenceFilter(existenceFilter(response.filter?.pointee))
            default:
                throw WireError(message: "ListenResponse has no response type that this client knows")
            }
        }
    }

    /// A `Target` built in `arena`.
    private static func makeTarget(
        _ target: ListenTarget,
        in arena: EncodeArena
    ) -> UnsafeMutablePointer<Google__Firestore__V1__Target> {
        let message = arena.message(google__firestore__v1__target__init)
        switch target.spec {
        case .query(let query):
            let queryTarget = arena.message(google__firestore__v1__target__query_target__init)
            queryTarget.pointee.parent = arena.string(query.parent, field: 1, of: queryTarget)
            queryTarget.pointee.query_type_case =
                GOOGLE__FIRESTORE__V1__TARGET__QUERY_TARGET__QUERY_TYPE_STRUCTURED_QUERY
            queryTarget.pointee.structured_query = makeStructuredQuery(query, in: arena)
            message.pointee.target_type_case = GOOGLE__FIRESTORE__V1__TARGET__TARGET_TYPE_QUERY
            message.pointee.query = queryTarget
        case .documents(let names):
            let documents = arena.message(google__firestore__v1__target__documents_target__init)
            (documents.pointee.n_documents, documents.pointee.documents) = arena.strings(names, field: 2, of: documents)
            message.pointee.target_type_case = GOOGLE__FIRESTORE__V1__TARGET__TARGET_TYPE_DOCUMENTS
            message.pointee.documents = documents
        }
        switch target.resume {
        case .token(let token) where !token.isEmpty:
            message.pointee.resume_type_case = GOOGLE__FIRESTORE__V1__TARGET__RESUME_TYPE_RESUME_TOKEN
            message.pointee.resume_token = arena.bytes(token)
        case .readTime(let readTime):
            message.pointee.resume_type_case = GOOGLE__FIRESTORE__V1__TARGET__RESUME_TYPE_READ_TIME
            message.pointee.read_time = makeTimestamp(readTime, in: arena)
        case .token, nil:
            break
        }
        message.pointee.target_id = target.id
        if let expectedCount = target.expectedCount {
            message.pointee.expected_count = makeInt32Value(expectedCount, in: arena)
        }
        return message
    }

    /// - Throws: ``WireError`` for an unknown `TargetChangeType`, a bad cause message or read time.
    private static func targetChange(_ message: Google__Firestore__V1__TargetChange?) throws(WireError) -> TargetChange
    {
        let change = message ?? Google__Firestore__V1__TargetChange()
        let rawKind = Int32(bitPattern: change.target_change_type.rawValue)
        guard let kind = TargetChange.Kind(rawValue: rawKind) else {
            throw WireError(message: "TargetChange.target_change_type has the unknown value \(rawKind)")
        }
        let cause = try change.cause.map { status throws(WireError) in
            TargetChange.Cause(
                code: status.pointee.code,
                message: try UnpackAllocator.string(status.pointee.message, field: "TargetChange.cause.message")
            )
        }
        return TargetChange(
            kind: kind,
            targetIDs: int32s(change.target_ids, count: change.n_target_ids),
            cause: cause,
            resumeToken: bytes(change.resume_token),
            readTime: try timestamp(change.read_time, field: "TargetChange.read_time")
        )
    }

    private static func existenceFilter(_ message: Google__Firestore__V1__ExistenceFilter?) -> ExistenceFilter {
        let filter = message ?? Google__Firestore__V1__ExistenceFilter()
        let bloom = filter.unchanged_names.map { bloom in
            let bits = bloom.pointee.bits?.pointee
            return BloomFilterBits(
                bitmap: bits.map { bytes($0.bitmap) } ?? [],
                padding: bits?.padding ?? 0,
                hashCount: bloom.pointee.hash_count
            )
        }
        return ExistenceFilter(targetID: filter.target_id, count: filter.count, unchangedNames: bloom)
    }

    /// A copy of a repeated `int32` field.
    private static func int32s(_ values: UnsafeMutablePointer<Int32>?, count: Int) -> [Int32] {
        guard let values else { return [] }
        return Array(UnsafeBufferPointer(start: values, count: count))
    }
}
