import FirestoreWatch
internal import Foundation

extension FirestoreValue {
    /// The Firestore value of a value that a program passes to a write or a filter, as Firebase's Apple SDK
    /// converts it: `String`; `Bool` (also an `NSNumber` boolean); every integer width (a `UInt64` or `UInt`
    /// beyond `Int64.max` is an error); `Double`, `Float` and other `NSNumber`s; `Timestamp`; `Date` (a
    /// timestamp); `Data` (bytes); `DocumentReference` (its resource name); `GeoPoint`; `NSNull` and nil
    /// (null); a `FirestoreValue` as it is; arrays and `[String: Any]` maps of these.
    ///
    /// An array holding an array is an error, as in Firebase (Firestore stores none). A `FieldValue` is an
    /// error here: the write builders take sentinels out before they convert what is left.
    /// - Parameters:
    ///   - field: the path of the value in the caller's data, for the error message.
    ///   - documentsRoot: when given, a reference must be a document of this database
    ///     (`projects/P/databases/D/documents`).
    ///   - nestedArrays: take arrays inside arrays (the decoder reads them; only writes refuse them).
    /// - Throws: `FirestoreErrorCode` `.invalidArgument`, naming the field.
    package init(
        any value: Any,
        field: String = "",
        documentsRoot: String? = nil,
        nestedArrays: Bool = false
    ) throws(FirestoreErrorCode) {
        self = try Self.convert(
            value, field: field, documentsRoot: documentsRoot, inArray: false, nestedArrays: nestedArrays)
    }

    private static let booleanNumberType = ObjectIdentifier(type(of: NSNumber(value: true)))

    private static func convert(
        _ value: Any,
        field: String,
        documentsRoot: String?,
        inArray: Bool,
        nestedArrays: Bool
    ) throws(FirestoreErrorCode) -> FirestoreValue {
        guard let value = unwrapped(value) else { return .null }
        if let number = value as? NSNumber, type(of: value) is NSNumber.Type {
            return try convert(number, field: field)
        }
        switch value {
        case is NSNull: return .null
        case let string as String: return .string(string)
        case let boolean as Bool: return .boolean(boolean)
        case let integer as Int: return .integer(Int64(integer))
        case let integer as Int8: return .integer(Int64(integer))
        case let integer as Int16: return .integer(Int64(integer))
        case let integer as Int32: return .integer(Int64(integer))
        case let integer as Int64: return .integer(integer)
        case let integer as UInt: return try unsigned(UInt64(integer), field: field)
        case let integer as UInt8: return .integer(Int64(integer))
        case let integer as UInt16: return .integer(Int64(integer))
        case let integer as UInt32: return .integer(Int64(integer))
        case let integer as UInt64: return try unsigned(integer, field: field)
        case let double as Double: return .double(double)
        case let float as Float: return .double(Double(float))
        case let timestamp as Timestamp: return .timestamp(timestamp)
        case let value as FirestoreValue: return value
        case let date as Date: return .timestamp(Timestamp(date: date))
        case let data as Data: return .bytes(Array(data))
        case let point as GeoPoint: return .geoPoint(latitude: point.latitude, longitude: point.longitude)
        case let reference as DocumentReference:
            return try referenceValue(reference, field: field, documentsRoot: documentsRoot)
        case let sentinel as FieldValue:
            throw FirestoreErrorCode(
                .invalidArgument,
                message: "\(sentinel.name) is not supported \(inArray ? "inside arrays" : "here")\(location(field))"
            )
        case let array as [Any]:
            if inArray, !nestedArrays {
                throw FirestoreErrorCode(.invalidArgument, message: "Nested arrays are not supported\(location(field))")
            }
            var values: [FirestoreValue] = []
            for element in array {
                values.append(
                    try convert(
                        element, field: field, documentsRoot: documentsRoot, inArray: true, nestedArrays: nestedArrays))
            }
            return .array(values)
        case let map as [String: Any]:
            var fields: [String: FirestoreValue] = [:]
            for (key, element) in map {
                let path = field.isEmpty ? key : field + "." + key
                fields[key] = try convert(
                    element, field: path, documentsRoot: documentsRoot, inArray: false, nestedArrays: nestedArrays)
            }
            return .map(fields)
        default:
            throw FirestoreErrorCode(
                .invalidArgument, message: "Unsupported type: \(type(of: value))\(location(field))")
        }
    }

    private static func convert(_ number: NSNumber, field: String) throws(FirestoreErrorCode) -> FirestoreValue {
        if ObjectIdentifier(type(of: number)) == booleanNumberType { return .boolean(number.boolValue) }
        switch String(cString: number.objCType) {
        case "f", "d": return .double(number.doubleValue)
        case "Q", "L", "I": return try unsigned(number.uint64Value, field: field)
        default: return .integer(number.int64Value)
        }
    }

    private static func unsigned(_ integer: UInt64, field: String) throws(FirestoreErrorCode) -> FirestoreValue {
        guard let signed = Int64(exactly: integer) else {
            throw FirestoreErrorCode(
                .invalidArgument,
                message: "Unsupported integer \(integer): Firestore stores 64-bit signed integers\(location(field))"
            )
        }
        return .integer(signed)
    }

    private static func referenceValue(
        _ reference: DocumentReference,
        field: String,
        documentsRoot: String?
    ) throws(FirestoreErrorCode) -> FirestoreValue {
        try reference.validatePath()
        if let documentsRoot, reference.firestore.documentsRoot != documentsRoot {
            throw FirestoreErrorCode(
                .invalidArgument,
                message:
                    "Document reference is for database \(reference.firestore.settings.databaseName) but should be for "
                    + "database \(documentsRoot.dropLast("/documents".count))\(location(field))"
            )
        }
        return .reference(reference.resourceName)
    }

    /// `value` without its layers of `Optional`; nil when it is nil.
    private static func unwrapped(_ value: Any) -> Any? {
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .optional else { return value }
        guard let wrapped = mirror.children.first?.value else { return nil }
        return unwrapped(wrapped)
    }

    /// ` (found in field a.b)`, or nothing for a value at the top.
    static func location(_ field: String) -> String {
        field.isEmpty ? "" : " (found in field \(field))"
    }

    /// Whether this value holds a reference to a document outside `documentsRoot`: the first one found.
    func foreignReference(documentsRoot: String) -> String? {
        switch self {
        case .reference(let name): name.hasPrefix(documentsRoot + "/") ? nil : name
        case .array(let values): values.lazy.compactMap { $0.foreignReference(documentsRoot: documentsRoot) }.first
        case .map(let fields):
            fields.values.lazy.compactMap { $0.foreignReference(documentsRoot: documentsRoot) }.first
        default: nil
        }
    }
}
