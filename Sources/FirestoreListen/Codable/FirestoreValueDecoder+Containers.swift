import FirestoreWatch

/// The keyed container of `FirestoreValueDecoder`: the fields of one map.
///
/// A missing key is `keyNotFound` and a null value `valueNotFound`, as `Decodable` defines them; the
/// `decodeIfPresent` of the standard library maps both to nil.
struct KeyedFirestoreValueDecodingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let fields: [String: FirestoreValue]
    let codingPath: [any CodingKey]
    let context: DecodingContext

    var allKeys: [Key] { fields.keys.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { fields[key.stringValue] != nil }

    private func value(_ key: Key) throws -> FirestoreValue {
        guard let value = fields[key.stringValue] else {
            throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "missing"))
        }
        return value
    }

    private func read<T: Decodable>(_ type: T.Type, _ key: Key) throws -> T {
        try context.decode(type, from: value(key), at: codingPath + [key])
    }

    func decodeNil(forKey key: Key) throws -> Bool { try value(key) == .null }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try read(type, key) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try read(type, key) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try read(type, key) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try read(type, key) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try read(type, key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try read(type, key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try read(type, key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try read(type, key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try read(type, key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try read(type, key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try read(type, key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try read(type, key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try read(type, key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try read(type, key) }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try read(type, key) }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type,
        forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try FirestoreValueDecoder(value: value(key), codingPath: codingPath + [key], context: context)
            .container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try FirestoreValueDecoder(value: value(key), codingPath: codingPath + [key], context: context)
            .unkeyedContainer()
    }

    /// The decoder of the value at `key`; of null when there is none, as Swift's JSON decoder does.
    func superDecoder(forKey key: Key) throws -> any Swift.Decoder {
        FirestoreValueDecoder(value: fields[key.stringValue] ?? .null, codingPath: codingPath + [key], context: context)
    }

    func superDecoder() throws -> any Swift.Decoder {
        let key = SuperKey()
        return FirestoreValueDecoder(
            value: fields[key.stringValue] ?? .null,
            codingPath: codingPath + [key],
            context: context
        )
    }
}

/// The unkeyed container of `FirestoreValueDecoder`: the elements of one array, read in order.
struct UnkeyedFirestoreValueDecodingContainer: UnkeyedDecodingContainer {
    let elements: [FirestoreValue]
    let codingPath: [any CodingKey]
    let context: DecodingContext
    private(set) var currentIndex = 0

    init(elements: [FirestoreValue], codingPath: [any CodingKey], context: DecodingContext) {
        self.elements = elements
        self.codingPath = codingPath
        self.context = context
    }

    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }
    private var path: [any CodingKey] { codingPath + [IndexKey(currentIndex)] }

    /// The next element, without moving past it.
    private func peek(_ type: Any.Type) throws -> FirestoreValue {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                type,
                .init(codingPath: path, debugDescription: "expected \(type), found the end of the array")
            )
        }
        return elements[currentIndex]
    }

    /// Decodes the next element and moves past it only when it decodes.
    private mutating func read<T: Decodable>(_ type: T.Type) throws -> T {
        let value = try context.decode(type, from: peek(type), at: path)
        currentIndex += 1
        return value
    }

    mutating func decodeNil() throws -> Bool {
        guard try peek(Never.self) == .null else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try read(type) }
    mutating func decode(_ type: String.Type) throws -> String { try read(type) }
    mutating func decode(_ type: Double.Type) throws -> Double { try read(type) }
    mutating func decode(_ type: Float.Type) throws -> Float { try read(type) }
    mutating func decode(_ type: Int.Type) throws -> Int { try read(type) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try read(type) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try read(type) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try read(type) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try read(type) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try read(type) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try read(type) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try read(type) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try read(type) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try read(type) }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try read(type) }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type
    ) throws -> KeyedDecodingContainer<NestedKey> {
        let container = try FirestoreValueDecoder(value: peek(type), codingPath: path, context: context)
            .container(keyedBy: type)
        currentIndex += 1
        return container
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let container = try FirestoreValueDecoder(value: peek([Any].self), codingPath: path, context: context)
            .unkeyedContainer()
        currentIndex += 1
        return container
    }

    mutating func superDecoder() throws -> any Swift.Decoder {
        let decoder = try FirestoreValueDecoder(value: peek(Any.self), codingPath: path, context: context)
        currentIndex += 1
        return decoder
    }
}

/// The single value container of `FirestoreValueDecoder`: its one value.
struct SingleFirestoreValueDecodingContainer: SingleValueDecodingContainer {
    let decoder: FirestoreValueDecoder
    var codingPath: [any CodingKey] { decoder.codingPath }

    private func read<T: Decodable>(_ type: T.Type) throws -> T {
        try decoder.context.decode(type, from: decoder.value, at: codingPath)
    }

    func decodeNil() -> Bool { decoder.value == .null }
    func decode(_ type: Bool.Type) throws -> Bool { try read(type) }
    func decode(_ type: String.Type) throws -> String { try read(type) }
    func decode(_ type: Double.Type) throws -> Double { try read(type) }
    func decode(_ type: Float.Type) throws -> Float { try read(type) }
    func decode(_ type: Int.Type) throws -> Int { try read(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try read(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try read(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try read(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try read(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try read(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try read(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try read(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try read(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try read(type) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try read(type) }
}
