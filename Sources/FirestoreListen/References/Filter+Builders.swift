/// The filters of Firebase's Apple SDK, to pass to `Query.whereFilter(_:)` or to combine.
///
/// For each operator there is a builder taking the field as a dotted `String` (`"address.city"`) and one
/// taking a `FieldPath`. Values are converted as Firebase converts them (see `FirestoreValue(any:)`); a
/// value that cannot be stored, or an invalid path, is reported when the query is used.
extension Filter {
    /// A filter matching documents whose field at `field` holds equal to `value`; `NSNull()` or nil matches a null field.
    public static func whereField(_ field: String, isEqualTo value: Any) -> Filter {
        comparing(field, .equal, value)
    }

    /// A filter matching documents whose field at `path` holds equal to `value`; `NSNull()` or nil matches a null field.
    public static func whereField(_ path: FieldPath, isEqualTo value: Any) -> Filter {
        comparing(path, .equal, value)
    }

    /// A filter matching documents whose field at `field` holds not equal to `value` (documents without the field do not match).
    public static func whereField(_ field: String, isNotEqualTo value: Any) -> Filter {
        comparing(field, .notEqual, value)
    }

    /// A filter matching documents whose field at `path` holds not equal to `value` (documents without the field do not match).
    public static func whereField(_ path: FieldPath, isNotEqualTo value: Any) -> Filter {
        comparing(path, .notEqual, value)
    }

    /// A filter matching documents whose field at `field` holds less than `value`, of the same type.
    public static func whereField(_ field: String, isLessThan value: Any) -> Filter {
        comparing(field, .lessThan, value)
    }

    /// A filter matching documents whose field at `path` holds less than `value`, of the same type.
    public static func whereField(_ path: FieldPath, isLessThan value: Any) -> Filter {
        comparing(path, .lessThan, value)
    }

    /// A filter matching documents whose field at `field` holds less than or equal to `value`, of the same type.
    public static func whereField(_ field: String, isLessThanOrEqualTo value: Any) -> Filter {
        comparing(field, .lessThanOrEqual, value)
    }

    /// A filter matching documents whose field at `path` holds less than or equal to `value`, of the same type.
    public static func whereField(_ path: FieldPath, isLessThanOrEqualTo value: Any) -> Filter {
        comparing(path, .lessThanOrEqual, value)
    }

    /// A filter matching documents whose field at `field` holds greater than `value`, of the same type.
    public static func whereField(_ field: String, isGreaterThan value: Any) -> Filter {
        comparing(field, .greaterThan, value)
    }

    /// A filter matching documents whose field at `path` holds greater than `value`, of the same type.
    public static func whereField(_ path: FieldPath, isGreaterThan value: Any) -> Filter {
        comparing(path, .greaterThan, value)
    }

    /// A filter matching documents whose field at `field` holds greater than or equal to `value`, of the same type.
    public static func whereField(_ field: String, isGreaterThanOrEqualTo value: Any) -> Filter {
        comparing(field, .greaterThanOrEqual, value)
    }

    /// A filter matching documents whose field at `path` holds greater than or equal to `value`, of the same type.
    public static func whereField(_ path: FieldPath, isGreaterThanOrEqualTo value: Any) -> Filter {
        comparing(path, .greaterThanOrEqual, value)
    }

    /// A filter matching documents whose field at `field` holds an array that contains `value`.
    public static func whereField(_ field: String, arrayContains value: Any) -> Filter {
        comparing(field, .arrayContains, value)
    }

    /// A filter matching documents whose field at `path` holds an array that contains `value`.
    public static func whereField(_ path: FieldPath, arrayContains value: Any) -> Filter {
        comparing(path, .arrayContains, value)
    }

    /// A filter matching documents whose field at `field` holds an array that contains at least one of `values`.
    public static func whereField(_ field: String, arrayContainsAny values: [Any]) -> Filter {
        comparing(field, .arrayContainsAny, values)
    }

    /// A filter matching documents whose field at `path` holds an array that contains at least one of `values`.
    public static func whereField(_ path: FieldPath, arrayContainsAny values: [Any]) -> Filter {
        comparing(path, .arrayContainsAny, values)
    }

    /// A filter matching documents whose field at `field` holds equal to one of `values`.
    public static func whereField(_ field: String, in values: [Any]) -> Filter {
        comparing(field, .in, values)
    }

    /// A filter matching documents whose field at `path` holds equal to one of `values`.
    public static func whereField(_ path: FieldPath, in values: [Any]) -> Filter {
        comparing(path, .in, values)
    }

    /// A filter matching documents whose field at `field` holds equal to none of `values` (documents without the field do not match).
    public static func whereField(_ field: String, notIn values: [Any]) -> Filter {
        comparing(field, .notIn, values)
    }

    /// A filter matching documents whose field at `path` holds equal to none of `values` (documents without the field do not match).
    public static func whereField(_ path: FieldPath, notIn values: [Any]) -> Filter {
        comparing(path, .notIn, values)
    }

    /// A filter matching documents that match every one of `filters`.
    ///
    /// ```swift
    /// Filter.andFilter([Filter.whereField("n", isGreaterThan: 1), Filter.whereField("n", isLessThan: 9)])
    /// ```
    public static func andFilter(_ filters: [Filter]) -> Filter { Filter(.and(filters)) }

    /// A filter matching documents that match at least one of `filters`.
    ///
    /// ```swift
    /// Filter.orFilter([Filter.whereField("status", isEqualTo: "new"), Filter.whereField("retry", isEqualTo: true)])
    /// ```
    public static func orFilter(_ filters: [Filter]) -> Filter { Filter(.or(filters)) }
}
