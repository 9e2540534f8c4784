/// A point on the Earth: latitude and longitude in degrees, as Firebase's `GeoPoint`.
///
/// The server accepts latitudes in -90...90 and longitudes in -180...180 and rejects a write with any other.
/// Equality compares the two numbers. With coders other than Firestore's it is keyed `latitude` and
/// `longitude`; Firestore's store it as a geo point value.
///
/// ```swift
/// let office = GeoPoint(latitude: 48.8566, longitude: 2.3522)
/// ```
public struct GeoPoint: Hashable, Sendable, Codable {
    /// Degrees north of the equator (negative: south).
    public var latitude: Double
    /// Degrees east of Greenwich (negative: west).
    public var longitude: Double

    /// The point at `latitude` and `longitude`, in degrees.
    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }
}
