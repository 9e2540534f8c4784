import FirestoreWatch
internal import Foundation

extension FirestoreValue {
    /// The value as `data()` and `get(_:)` give it: String, Bool, `Int` for integers (64 bits on every
    /// platform this library builds for, so no integer is cut), Double, Timestamp, Data, DocumentReference (of
    /// `firestore`), GeoPoint, NSNull, `[Any]` and `[String: Any]`.
    ///
    /// A reference outside `firestore`'s database (which the server does not store) comes as its resource
    /// name, a String.
    func anyValue(in firestore: Firestore) -> Any {
        switch self {
        case .null: NSNull()
        case .boolean(let boolean): boolean
        case .integer(let integer): Int(integer)
        case .double(let double): double
        case .timestamp(let timestamp): timestamp
        case .string(let string): string
        case .bytes(let bytes): Data(bytes)
        case .reference(let name):
            (try? DecodingContext(clients: [firestore], documentReference: nil).reference(named: name, at: [])) ?? name
        case .geoPoint(let latitude, let longitude): GeoPoint(latitude: latitude, longitude: longitude)
        case .array(let elements): elements.map { $0.anyValue(in: firestore) } as [Any]
        case .map(let fields): fields.mapValues { $0.anyValue(in: firestore) } as [String: Any]
        }
    }
}
