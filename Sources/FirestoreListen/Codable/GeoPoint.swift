/// A point on the earth, in degrees; as in Firebase's Apple SDK.
///
/// ```swift
/// try await place.setData(["location": GeoPoint(latitude: 48.8584, longitude: 2.2945)])
/// ```
public struct GeoPoint: Hashable, Sendable, Codable {
    /// Degrees north of the equator, −90…90.
    public let latitude: Double
    /// Degrees east of Greenwich, −180…180.
    public let longitude: Double

    /// A point at `latitude` and `longitude`, in degrees.
    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }
}
