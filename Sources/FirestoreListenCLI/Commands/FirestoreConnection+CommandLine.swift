import FirestoreListen

extension FirestoreConnection {
    /// The connection of the settings; a certificate or token file that cannot be used is bad usage.
    static func forCommandLine(settings: FirestoreSettings) throws -> FirestoreConnection {
        do {
            return try FirestoreConnection(settings: settings)
        } catch {
            throw UsageError(error.message)
        }
    }
}
