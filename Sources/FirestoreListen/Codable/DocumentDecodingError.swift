/// A document of a query's result that did not decode: which document, which field, and why.
///
/// `description` is one line: `queue/t3: field 'count': expected Int64, found string`.
public struct DocumentDecodingError: Error, CustomStringConvertible {
    /// The document's path relative to the database root: `queue/t3`.
    public let documentPath: String
    /// The field that did not decode, dotted, with array indices in brackets (`items[2].name`); empty when
    /// the document as a whole did not.
    public let fieldPath: String
    /// What the decoding threw: a `DecodingError`, or the error of a type's own `init(from:)`.
    public let underlying: any Error

    /// The error of the document at `documentPath` that threw `underlying`.
    public init(documentPath: String, underlying: any Error) {
        self.documentPath = documentPath
        self.underlying = underlying
        if let decoding = underlying as? DecodingError {
            fieldPath = Self.fieldPath(of: decoding)
        } else {
            fieldPath = ""
        }
    }

    /// `queue/t3: field 'count': expected Int64, found string`.
    public var description: String {
        let field = fieldPath.isEmpty ? "" : "field '\(fieldPath)': "
        return "\(documentPath): \(field)\(Self.reason(of: underlying))"
    }

    /// The coding path of the value, or of the missing key, as a field path.
    private static func fieldPath(of error: DecodingError) -> String {
        var path: [any CodingKey]
        switch error {
        case .keyNotFound(let key, let context): path = context.codingPath + [key]
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            path = context.codingPath
        @unknown default: path = []
        }
        var text = ""
        for key in path {
            if key is IndexKey, let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += (text.isEmpty ? "" : ".") + FieldPath([key.stringValue]).canonical
            }
        }
        return text
    }

    /// What went wrong, without the path.
    private static func reason(of error: any Error) -> String {
        guard let decoding = error as? DecodingError else { return String(describing: error) }
        switch decoding {
        case .keyNotFound(_, let context), .typeMismatch(_, let context), .valueNotFound(_, let context),
            .dataCorrupted(let context):
            return context.debugDescription
        @unknown default: return String(describing: decoding)
        }
    }
}
