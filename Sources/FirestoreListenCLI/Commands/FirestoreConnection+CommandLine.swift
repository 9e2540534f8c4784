import FirestoreListen

extension FirestoreConnection {
    /// The connection of the settings; a certificate or token file that cannot be used is bad usage.
    static func forCommandLine(settings: FirestoreSettings) throws -> FirestoreConnection {
        if case .tls(_?) = settings.security, settings.credentials == .applicationDefault {
            throw UsageError(
                "--ca-file needs --access-token-file: gRPC cannot use Application Default Credentials with other roots")
        }
        do {
            return try FirestoreConnection(settings: settings)
        } catch {
            throw UsageError(error.message)
        }
    }
}
