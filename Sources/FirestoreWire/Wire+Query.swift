internal import CFirestoreProtos
public import FirestoreWatch

extension Wire {
    /// The bytes of a `RunQueryRequest` for `query` (parent and structured query as a Listen target
    /// sends them), for comparing a listener's view with a one-shot query.
    public static func encodeRunQueryRequest(_ query: Query) -> [UInt8] {
        EncodeArena.withArena { arena in
            let request = arena.message(google__firestore__v1__run_query_request__init)
            request.pointee.parent = arena.string(query.parent, field: 1, of: request)
            request.pointee.query_type_case = GOOGLE__FIRESTORE__V1__RUN_QUERY_REQUEST__QUERY_TYPE_STRUCTURED_QUERY
            request.pointee.structured_query = makeStructuredQuery(query, in: arena)
            return arena.pack(request)
        }
    }

    /// One message of the `RunQuery` response stream: a result document, the read time, both or
    /// neither (a progress or `done` message).
    ///
    /// - Throws: ``WireError`` when `bytes` are not a well-formed `RunQueryResponse`.
    public static func decodeRunQueryResponse(
        _ bytes: [UInt8]
    ) throws(WireError) -> (document: Document?, readTime: Timestamp?) {
        let unpacked = try UnpackedMessage(
            bytes,
            as: "RunQueryResponse",
            initialize: google__firestore__v1__run_query_response__init
        )
        return try unpacked.read { message throws(WireError) in
            let document = try message.document.map { pointer throws(WireError) in try self.document(pointer.pointee) }
            return (document, try timestamp(message.read_time, field: "RunQueryResponse.read_time"))
        }
    }

    /// A `StructuredQuery` built in `arena`: one collection selector; the conditions bare (one) or in a
    /// `CompositeFilter` AND (several); the orders; the limit as an `Int32Value`.
    static func makeStructuredQuery(
        _ query: Query,
        in arena: EncodeArena
    ) -> UnsafeMutablePointer<Google__Firestore__V1__StructuredQuery> {
        let structured = arena.message(google__firestore__v1__structured_query__init)
        let collection = arena.message(google__firestore__v1__structured_query__collection_selector__init)
        collection.pointee.collection_id = arena.string(query.collectionID, field: 2, of: collection)
        collection.pointee.all_descendants = query.allDescendants ? 1 : 0
        structured.pointee.n_from = 1
        structured.pointee.from = arena.array([collection])
        let conditions = query.conditions.map { makeCondition($0, in: arena) }
        if conditions.count == 1 {
            structured.pointee.`where` = conditions[0]
        } else if conditions.count > 1 {
            structured.pointee.`where` = makeComposite(.and, conditions, in: arena)
        }
        let orders = query.orders.map { order in
            let message = arena.message(google__firestore__v1__structured_query__order__init)
            message.pointee.field = makeFieldReference(order.field, in: arena)
            message.pointee.direction =
                order.descending
                ? GOOGLE__FIRESTORE__V1__STRUCTURED_QUERY__DIRECTION__DESCENDING
                : GOOGLE__FIRESTORE__V1__STRUCTURED_QUERY__DIRECTION__ASCENDING
            return Optional(message)
        }
        structured.pointee.n_order_by = orders.count
        structured.pointee.order_by = arena.array(orders)
        if let limit = query.limit {
            structured.pointee.limit = makeInt32Value(limit, in: arena)
        }
        return structured
    }

    /// A `google.protobuf.Int32Value` built in `arena`.
    static func makeInt32Value(_ value: Int32, in arena: EncodeArena) -> UnsafeMutablePointer<
        Google__Protobuf__Int32Value
    > {
        let message = arena.message(google__protobuf__int32_value__init)
        message.pointee.value = value
        return message
    }

    /// One condition: a field filter, or a `CompositeFilter` with exactly the composite's members.
    private static func makeCondition(
        _ condition: QueryCondition,
        in arena: EncodeArena
    ) -> UnsafeMutablePointer<Google__Firestore__V1__StructuredQuery__Filter> {
        switch condition {
        case .field(let filter): makeFilter(filter, in: arena)
        case .composite(let combination, let members):
            makeComposite(combination, members.map { makeCondition($0, in: arena) }, in: arena)
        }
    }

    private static func makeComposite(
        _ combination: QueryCondition.Combination,
        _ members: [UnsafeMutablePointer<Google__Firestore__V1__StructuredQuery__Filter>],
        in arena: EncodeArena
    ) -> UnsafeMutablePointer<Google__Firestore__V1__StructuredQuery__Filter> {
        let composite = arena.message(google__firestore__v1__structured_query__composite_filter__init)
        composite.pointee.op =
            switch combination {
            case .and: GOOGLE__FIRESTORE__V1__STRUCTURED_QUERY__COMPOSITE_FILTER__OPERATOR__AND
            case .or: GOOGLE__FIRESTORE__V1__STRUCTURED_QUERY__COMPOSITE_FILTER__OPERATOR__OR
            }
        composite.pointee.n_filters = members.count
        composite.pointee.filters = arena.array(members.map { Optional($0) })
        let filter = arena.message(google__firestore__v1__structured_query__filter__init)
        filter.pointee.filter_type_case = GOOGLE__FIRESTORE__V1__STRUCTURED_QUERY__FILTER__FILTER_TYPE_COMPOSITE_FILTER
        filter.pointee.composite_filter = composite
        return filter
    }

    /// One filter: `== null`, `!= null`, `== NaN` and `!= NaN` as a `UnaryFilter` (IS_NULL, IS_NOT_NULL,
    /// IS_NAN, IS_NOT_NAN), as Google's clients send them; anything else as a `FieldFilter`.
    private static func makeFilter(
        _ filter: QueryFilter,
        in arena: EncodeArena
    ) -> UnsafeMutablePointer<Google__Firestore__V1__StructuredQuery__Filter> {
        let message = arena.message(google__firestore__v1__structured_query__filter__init)
        if let unaryOperator = unaryOperator(filter) {
            let unary = arena.message(google__firestore__v1__structured_query__unary_filter__init)
            unary.pointee.op = unaryOperator
            unary.pointee.operand_type_case = GOOGLE__FIRESTORE__V1__STRUCTURED_QUERY__UNARY_FILTER__OPERAND_TYPE_FIELD
            unary.pointee.field = makeFieldReference(filter.field, in: arena)
            message.pointee.filter_type_case = GOOGLE__FIRESTORE__V1__STRUCTURED_QUERY__FILTER__FILTER_TYPE_UNARY_FILTER
            message.pointee.unary_filter = unary
        } else {
            let field = arena.message(google__firestore__v1__structured_query__field_filter__init)
            field.pointee.field = makeFieldReference(filter.field, in: arena)
            field.pointee.op = fieldOperator(filter.op)
            field.pointee.value = makeValue(filter.value, in: arena)
            message.pointee.filter_type_case = GOOGLE__FIRESTORE__V1__STRUCTURED_QUERY__FILTER__FILTER_TYPE_FIELD_FILTER
            message.pointee.field_filter = field
        }
        return message
    }

    private static func unaryOperator(
        _ filter: QueryFilter
    ) -> Google__Firestore__V1__StructuredQuery__UnaryFilter__Operator? {
        switch (filter.op, filter.value) {
        case (.equal, .null): GOOGLE__FIRESTORE__V1__STRUCTURED_QUERY__UNARY_FILTER__OPERATOR__IS_NULL
        case (.notEqual, .null): GOOGLE__FIRESTORE__V1__STRUCTURED_QUERY__UNARY_FILTER__OPERATOR__IS_NOT_NULL
        case (.equal, .double(let double)) where double.isNaN:
            GOOGLE__FIRESTORE__V1__STRUCTURED_QUERY__UNARY_FILTER__OPERATOR__IS_NAN
        case (.notEqual, .double(let double)) where double.isNaN:
            GOOGLE__FIRESTORE__V1__STRUCTURED_QUERY__UNARY_FILTER__OPERATOR__IS_NOT_NAN
        default: nil
        }
    }

    private static func fieldOperator(
        _ op: QueryFilter.Operator
    ) -> Google__Firestore__V1__StructuredQuery__FieldFilter__Operator {
        switch op {
        case .lessThan: GOOGLE__FIRESTORE__V1__STRUCTURED_QUERY__FIELD_FILTER__OPERATOR__LESS_THAN
        case .lessThanOrEqual: GOOGLE__FIRESTORE__V1__STRUCTURED_QUERY__FIELD_FILTER__OPERATOR__LESS_THAN_OR_EQUAL
        case .greaterThan: GOOGLE__FIRESTORE__V1__STRUCTURED_QUERY__FIELD_FILTER__OPERATOR__GREATER_THAN
        case .greaterThanOrEqual: GOOGLE__FIRESTORE__V1__STRUCTURED_QUERY__FIELD_FILTER__OPERATOR__GREATER_THAN_OR_EQUAL
        case .equal: GOOGLE__FIRESTORE__V1__STRUCTURED_QUERY__FIELD_FILTER__OPERATOR__EQUAL
        case .notEqual: GOOGLE__FIRESTORE__V1__STRUCTURED_QUERY__FIELD_FILTER__OPERATOR__NOT_EQUAL
        case .arrayContains: GOOGLE__FIRESTORE__V1__STRUCTURED_QUERY__FIELD_FILTER__OPERATOR__ARRAY_CONTAINS
        case .in: GOOGLE__FIRESTORE__V1__STRUCTURED_QUERY__FIELD_FILTER__OPERATOR__IN
        case .arrayContainsAny: GOOGLE__FIRESTORE__V1__STRUCTURED_QUERY__FIELD_FILTER__OPERATOR__ARRAY_CONTAINS_ANY
        case .notIn: GOOGLE__FIRESTORE__V1__STRUCTURED_QUERY__FIELD_FILTER__OPERATOR__NOT_IN
        }
    }

    private static func makeFieldReference(
        _ path: FieldPath,
        in arena: EncodeArena
    ) -> UnsafeMutablePointer<Google__Firestore__V1__StructuredQuery__FieldReference> {
        let reference = arena.message(google__firestore__v1__structured_query__field_reference__init)
        reference.pointee.field_path = arena.string(path.canonical, field: 2, of: reference)
        return reference
    }
}
