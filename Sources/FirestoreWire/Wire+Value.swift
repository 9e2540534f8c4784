internal import CFirestoreProtos
import FirestoreWatch

extension Wire {
    /// A `google.firestore.v1.Value` built in `arena`, with its oneof case set (so `false`, `0` and
    /// `null` are sent). Map entries are sorted by key, so the bytes are deterministic.
    static func makeValue(_ value: FirestoreValue, in arena: EncodeArena) -> UnsafeMutablePointer<
        Google__Firestore__V1__Value
    > {
        let message = arena.message(google__firestore__v1__value__init)
        switch value {
        case .null:
            message.pointee.value_type_case = GOOGLE__FIRESTORE__V1__VALUE__VALUE_TYPE_NULL_VALUE
            message.pointee.null_value = GOOGLE__PROTOBUF__NULL_VALUE__NULL_VALUE
        case .boolean(let boolean):
            message.pointee.value_type_case = GOOGLE__FIRESTORE__V1__VALUE__VALUE_TYPE_BOOLEAN_VALUE
            message.pointee.boolean_value = boolean ? 1 : 0
        case .integer(let integer):
            message.pointee.value_type_case = GOOGLE__FIRESTORE__V1__VALUE__VALUE_TYPE_INTEGER_VALUE
            message.pointee.integer_value = integer
        case .double(let double):
            message.pointee.value_type_case = GOOGLE__FIRESTORE__V1__VALUE__VALUE_TYPE_DOUBLE_VALUE
            message.pointee.double_value = double
        case .timestamp(let timestamp):
            message.pointee.value_type_case = GOOGLE__FIRESTORE__V1__VALUE__VALUE_TYPE_TIMESTAMP_VALUE
            message.pointee.timestamp_value = makeTimestamp(timestamp, in: arena)
        case .string(let string):
            if let cString = arena.string(string, field: 17, of: message) {
                message.pointee.value_type_case = GOOGLE__FIRESTORE__V1__VALUE__VALUE_TYPE_STRING_VALUE
                message.pointee.string_value = cString
            }
        case .bytes(let bytes):
            message.pointee.value_type_case = GOOGLE__FIRESTORE__V1__VALUE__VALUE_TYPE_BYTES_VALUE
            message.pointee.bytes_value = arena.bytes(bytes)
        case .reference(let name):
            if let cString = arena.string(name, field: 5, of: message) {
                message.pointee.value_type_case = GOOGLE__FIRESTORE__V1__VALUE__VALUE_TYPE_REFERENCE_VALUE
                message.pointee.reference_value = cString
            }
        case .geoPoint(let latitude, let longitude):
            let point = arena.message(google__type__lat_lng__init)
            point.pointee.latitude = arena.double(latitude, field: 1, of: point)
            point.pointee.longitude = arena.double(longitude, field: 2, of: point)
            message.pointee.value_type_case = GOOGLE__FIRESTORE__V1__VALUE__VALUE_TYPE_GEO_POINT_VALUE
            message.pointee.geo_point_value = point
        case .array(let values):
            message.pointee.value_type_case = GOOGLE__FIRESTORE__V1__VALUE__VALUE_TYPE_ARRAY_VALUE
            message.pointee.array_value = makeArrayValue(values, in: arena)
        case .map(let fields):
            let map = arena.message(google__firestore__v1__map_value__init)
            let entries = makeEntries(
                fields, in: arena, initialize: google__firestore__v1__map_value__fields_entry__init
            ) {
                $0.pointee.key = arena.string($1, field: 1, of: $0)
                $0.pointee.value = $2
            }
            map.pointee.n_fields = entries.count
            map.pointee.fields = arena.array(entries)
            message.pointee.value_type_case = GOOGLE__FIRESTORE__V1__VALUE__VALUE_TYPE_MAP_VALUE
            message.pointee.map_value = map
        }
        return message
    }

    /// A `google.firestore.v1.ArrayValue` holding `values`, built in `arena`.
    static func makeArrayValue(_ values: [FirestoreValue], in arena: EncodeArena) -> UnsafeMutablePointer<
        Google__Firestore__V1__ArrayValue
    > {
        let array = arena.message(google__firestore__v1__array_value__init)
        array.pointee.n_values = values.count
        array.pointee.values = arena.array(values.map { Optional(makeValue($0, in: arena)) })
        return array
    }

    /// The entries of a `map<string, Value>` field, sorted by key; `set` stores a key and a value in an entry.
    static func makeEntries<Entry>(
        _ fields: [String: FirestoreValue],
        in arena: EncodeArena,
        initialize: (UnsafeMutablePointer<Entry>?) -> Void,
        set: (
            UnsafeMutablePointer<Entry>, String, UnsafeMutablePointer<Google__Firestore__V1__Value>
        ) -> Void
    ) -> [UnsafeMutablePointer<Entry>?] {
        fields.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }.map { key, value in
            let entry = arena.message(initialize)
            set(entry, key, makeValue(value, in: arena))
            return entry
        }
    }

    /// The value `message` holds. The caller has scanned the bytes, so recursion is bounded by ``maximumDepth``.
    ///
    /// - Throws: ``WireError`` when `message` is absent or has no value kind set (a kind newer than
    ///   this proto), an unknown `NullValue`, a bad string or timestamp, or such a value nested inside.
    static func firestoreValue(_ message: UnsafePointer<Google__Firestore__V1__Value>?) throws(WireError)
        -> FirestoreValue
    {
        guard let value = message?.pointee else { throw WireError(message: "a Value is missing") }
        switch value.value_type_case {
        case GOOGLE__FIRESTORE__V1__VALUE__VALUE_TYPE_NULL_VALUE:
            guard value.null_value == GOOGLE__PROTOBUF__NULL_VALUE__NULL_VALUE else {
                throw WireError(message: "Value.null_value has the unknown NullValue \(value.null_value.rawValue)")
            }
            return .null
        case GOOGLE__FIRESTORE__V1__VALUE__VALUE_TYPE_BOOLEAN_VALUE:
            return .boolean(value.boolean_value != 0)
        case GOOGLE__FIRESTORE__V1__VALUE__VALUE_TYPE_INTEGER_VALUE:
            return .integer(value.integer_value)
        case GOOGLE__FIRESTORE__V1__VALUE__VALUE_TYPE_DOUBLE_VALUE:
            return .double(value.double_value)
        case GOOGLE__FIRESTORE__V1__VALUE__VALUE_TYPE_TIMESTAMP_VALUE:
            let timestamp = try self.timestamp(value.timestamp_value, field: "Value.timestamp_value")
            return .timestamp(timestamp ?? Timestamp(seconds: 0))
        case GOOGLE__FIRESTORE__V1__VALUE__VALUE_TYPE_STRING_VALUE:
            return .string(try UnpackAllocator.string(value.string_value, field: "Value.string_value"))
        case GOOGLE__FIRESTORE__V1__VALUE__VALUE_TYPE_BYTES_VALUE:
            return .bytes(bytes(value.bytes_value))
        case GOOGLE__FIRESTORE__V1__VALUE__VALUE_TYPE_REFERENCE_VALUE:
            return .reference(try UnpackAllocator.string(value.reference_value, field: "Value.reference_value"))
        case GOOGLE__FIRESTORE__V1__VALUE__VALUE_TYPE_GEO_POINT_VALUE:
            let point = value.geo_point_value?.pointee
            return .geoPoint(latitude: point?.latitude ?? 0, longitude: point?.longitude ?? 0)
        case GOOGLE__FIRESTORE__V1__VALUE__VALUE_TYPE_ARRAY_VALUE:
            guard let array = value.array_value?.pointee else { return .array([]) }
            var values: [FirestoreValue] = []
            values.reserveCapacity(array.n_values)
            for index in 0..<array.n_values {
                do throws(WireError) {
                    values.append(try firestoreValue(array.values[index]))
                } catch {
                    throw WireError(message: "array element \(index): \(error.message)")
                }
            }
            return .array(values)
        case GOOGLE__FIRESTORE__V1__VALUE__VALUE_TYPE_MAP_VALUE:
            guard let map = value.map_value?.pointee else { return .map([:]) }
            return .map(try fields(map.fields, count: map.n_fields) { ($0.key, $0.value) })
        default:
            throw WireError(message: "a Value has no value type that this client knows")
        }
    }

    /// The entries of a decoded `map<string, Value>` field; `read` gives an entry's key and value.
    /// A key that repeats keeps its last value, as protobuf's maps do.
    ///
    /// - Throws: ``WireError`` for a bad key or value, prefixed with the key.
    static func fields<Entry>(
        _ entries: UnsafeMutablePointer<UnsafeMutablePointer<Entry>?>?,
        count: Int,
        read: (Entry) -> (UnsafeMutablePointer<CChar>?, UnsafeMutablePointer<Google__Firestore__V1__Value>?)
    ) throws(WireError) -> [String: FirestoreValue] {
        var fields: [String: FirestoreValue] = [:]
        fields.reserveCapacity(count)
        for index in 0..<count {
            guard let entry = entries?[index]?.pointee else { continue }
            let (keyPointer, valuePointer) = read(entry)
            let key = try UnpackAllocator.string(keyPointer, field: "a map key")
            do throws(WireError) {
                fields[key] = try firestoreValue(valuePointer)
            } catch {
                throw WireError(message: "field \(key.debugDescription): \(error.message)")
            }
        }
        return fields
    }

    /// A copy of protobuf-c's bytes.
    static func bytes(_ data: ProtobufCBinaryData) -> [UInt8] {
        guard let bytes = data.data else { return [] }
        return Array(UnsafeBufferPointer(start: bytes, count: data.len))
    }
}
