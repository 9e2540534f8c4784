import FirestoreListen

extension ConnectionOptions {
    /// The settings of these flags over the environment, as the contract says, and the flags that have no
    /// effect there (one warning line each, for standard error).
    /// - Throws: `UsageError` when no project can be found, or it cannot be a project id.
    func resolve(
        environment: [String: String],
        subcommand: String
    ) throws(UsageError) -> (settings: FirestoreSettings, warnings: [String]) {
        var overrides = FirestoreSettings.Overrides()
        overrides.host = host
        overrides.projectID = project
        overrides.databaseID = database
        overrides.emulator = emulator
        overrides.insecure = insecure
        overrides.rootCertificatesFile = caFile
        overrides.accessTokenFile = accessTokenFile
        let settings: FirestoreSettings
        do {
            settings = try FirestoreSettings.resolve(overrides, environment: environment)
        } catch {
            throw UsageError("No project: pass --project <id> or set GOOGLE_CLOUD_PROJECT", subcommand: subcommand)
        }
        // The environment's or the credentials' project is checked as the flag is.
        if let problem = ResourceIDs.problem(projectID: settings.projectID) {
            throw UsageError("The project '\(settings.projectID)' cannot be used (\(problem))", subcommand: subcommand)
        }
        var warnings: [String] = []
        if settings.isEmulator {
            if accessTokenFile != nil {
                warnings.append("--access-token-file is not used: the emulator gets 'Authorization: Bearer owner'")
            }
            if caFile != nil { warnings.append("--ca-file is not used: the emulator is reached in plaintext") }
        } else if accessTokenFile != nil, insecure {
            warnings.append("--insecure sends the access token unencrypted to \(settings.host)")
        }
        return (settings, warnings)
    }
}
