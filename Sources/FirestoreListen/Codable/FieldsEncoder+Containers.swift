internal import Foundation

/// The keyed container of `FieldsEncoder`: one map of the document, filled in place.
struct KeyedFieldsEncodingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let codingPath: [any CodingKey]
    let map: EncodedMap

    private func path(_ key: Key) -> [any CodingKey] { codingPath + [key] }

    private func put(_ node: EncodedNode, _ key: Key) {
        map.entries[key.stringValue] = node
    }

    mutating func encodeNil(forKey key: Key) throws { put(.leaf(NSNull()), key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { put(.leaf(value), key) }
    mutating func encode(_ value: String, forKey key: Key) throws { put(.leaf(value), key) }
    mutating func encode(_ value: Double, forKey key: Key) throws { put(.leaf(value), key) }
    mutating func encode(_ value: Float, forKey key: Key) throws { put(.leaf(Double(value)), key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { put(try .integer(value, path(key)), key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { put(try .integer(value, path(key)), key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { put(try .integer(value, path(key)), key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { put(try .integer(value, path(key)), key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { put(try .integer(value, path(key)), key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { put(try .integer(value, path(key)), key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { put(try .integer(value, path(key)), key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { put(try .integer(value, path(key)), key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { put(try .integer(value, path(key)), key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { put(try .integer(value, path(key)), key) }

    mutating func encode(_ value: some Encodable, forKey key: Key) throws {
        put(try FieldsEncoder.node(of: value, at: path(key)), key)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type,
        forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        let nested = EncodedMap()
        put(.map(nested), key)
        return KeyedEncodingContainer(KeyedFieldsEncodingContainer<NestedKey>(codingPath: path(key), map: nested))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let nested = EncodedArray()
        put(.array(nested), key)
        return UnkeyedFieldsEncodingContainer(codingPath: path(key), array: nested)
    }

    mutating func superEncoder() -> any Swift.Encoder {
        let encoder = FieldsEncoder(codingPath: codingPath + [SuperKey()])
        map.entries[SuperKey().stringValue] = .deferred(encoder)
        return encoder
    }

    mutating func superEncoder(forKey key: Key) -> any Swift.Encoder {
        let encoder = FieldsEncoder(codingPath: path(key))
        put(.deferred(encoder), key)
        return encoder
    }
}

/// The unkeyed container of `FieldsEncoder`: one array of the document, filled in place.
struct UnkeyedFieldsEncodingContainer: UnkeyedEncodingContainer {
    let codingPath: [any CodingKey]
    let array: EncodedArray
    var count: Int { array.elements.count }

    private var next: [any CodingKey] { codingPath + [IndexKey(array.elements.count)] }

    private func append(_ node: EncodedNode) {
        array.elements.append(node)
    }

    mutating func encodeNil() throws { append(.leaf(NSNull())) }
    mutating func encode(_ value: Bool) throws { append(.leaf(value)) }
    mutating func encode(_ value: String) throws { append(.leaf(value)) }
    mutating func encode(_ value: Double) throws { append(.leaf(value)) }
    mutating func encode(_ value: Float) throws { append(.leaf(Double(value))) }
    mutating func encode(_ value: Int) throws { append(try .integer(value, next)) }
    mutating func encode(_ value: Int8) throws { append(try .integer(value, next)) }
    mutating func encode(_ value: Int16) throws { append(try .integer(value, next)) }
    mutating func encode(_ value: Int32) throws { append(try .integer(value, next)) }
    mutating func encode(_ value: Int64) throws { append(try .integer(value, next)) }
    mutating func encode(_ value: UInt) throws { append(try .integer(value, next)) }
    mutating func encode(_ value: UInt8) throws { append(try .integer(value, next)) }
    mutating func encode(_ value: UInt16) throws { append(try .integer(value, next)) }
    mutating func encode(_ value: UInt32) throws { append(try .integer(value, next)) }
    mutating func encode(_ value: UInt64) throws { append(try .integer(value, next)) }

    mutating func encode(_ value: some Encodable) throws {
        append(try FieldsEncoder.node(of: value, at: next))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type
    ) -> KeyedEncodingContainer<NestedKey> {
        let nested = EncodedMap()
        let path = next
        append(.map(nested))
        return KeyedEncodingContainer(KeyedFieldsEncodingContainer<NestedKey>(codingPath: path, map: nested))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let nested = EncodedArray()
        let path = next
        append(.array(nested))
        return UnkeyedFieldsEncodingContainer(codingPath: path, array: nested)
    }

    mutating func superEncoder() -> any Swift.Encoder {
        let encoder = FieldsEncoder(codingPath: next)
        append(.deferred(encoder))
        return encoder
    }
}

/// The single value container of `FieldsEncoder`: it sets the encoder's one value.
struct SingleFieldEncodingContainer: SingleValueEncodingContainer {
    let encoder: FieldsEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }

    private func set(_ node: EncodedNode) {
        encoder.setSingleValue(node)
    }

    mutating func encodeNil() throws { set(.leaf(NSNull())) }
    mutating func encode(_ value: Bool) throws { set(.leaf(value)) }
    mutating func encode(_ value: String) throws { set(.leaf(value)) }
    mutating func encode(_ value: Double) throws { set(.leaf(value)) }
    mutating func encode(_ value: Float) throws { set(.leaf(Double(value))) }
    mutating func encode(_ value: Int) throws { set(try .integer(value, codingPath)) }
    mutating func encode(_ value: Int8) throws { set(try .integer(value, codingPath)) }
    mutating func encode(_ value: Int16) throws { set(try .integer(value, codingPath)) }
    mutating func encode(_ value: Int32) throws { set(try .integer(value, codingPath)) }
    mutating func encode(_ value: Int64) throws { set(try .integer(value, codingPath)) }
    mutating func encode(_ value: UInt) throws { set(try .integer(value, codingPath)) }
    mutating func encode(_ value: UInt8) throws { set(try .integer(value, codingPath)) }
    mutating func encode(_ value: UInt16) throws { set(try .integer(value, codingPath)) }
    mutating func encode(_ value: UInt32) throws { set(try .integer(value, codingPath)) }
    mutating func encode(_ value: UInt64) throws { set(try .integer(value, codingPath)) }

    mutating func encode(_ value: some Encodable) throws {
        set(try FieldsEncoder.node(of: value, at: codingPath))
    }
}

extension EncodedNode {
    /// `FieldsEncoder.integer(_:at:)`, short for the containers.
    fileprivate static func integer(_ value: some FixedWidthInteger, _ codingPath: [any CodingKey]) throws -> Self {
        try FieldsEncoder.integer(value, at: codingPath)
    }
}
