internal import Foundation

/// Where and how to connect, resolved from flags and the environment as the contract says.
public struct Settings: Hashable, Sendable {
    public enum Security: Hashable, Sendable {
        case plaintext
        /// TLS; nil roots: the system's.
        case tls(caFile: String?)
    }

    public enum Credentials: Hashable, Sendable {
        /// The emulator: `authorization: Bearer owner`, as Google's clients send it.
        case emulatorOwner
        /// Application Default Credentials, through gRPC's Google default credentials.
        case applicationDefault
        /// The OAuth2 access token in this file.
        case accessTokenFile(String)
        /// Nothing (plaintext to a server that is not an emulator, such as our replay server).
        case none
    }

    public var endpoint: String
    public var project: String
    public var database: String
    public var isEmulator: Bool
    public var security: Security
    public var credentials: Credentials
    /// Flags that were given but have no effect here, one line each, for standard error.
    public var warnings: [String] = []

    /// `projects/P/databases/D`.
    public var databaseName: String { "projects/\(project)/databases/\(database)" }
    /// `projects/P/databases/D/documents`.
    public var documentsRoot: String { databaseName + "/documents" }

    /// Resolves the settings. Pure: the environment is a parameter, and files are only named, not read,
    /// except the ADC file, read for its project when no project is given.
    /// - Throws: `UsageError` when no project can be found.
    public static func resolve(
        _ options: ConnectionOptions,
        environment: [String: String],
        subcommand: String
    ) throws(UsageError) -> Settings {
        let emulatorHost = environment["FIRESTORE_EMULATOR_HOST"].flatMap { $0.isEmpty ? nil : $0 }
        let endpoint = options.host ?? emulatorHost ?? "firestore.googleapis.com:443"
        let isEmulator =
            options.emulator || (emulatorHost != nil && (options.host == nil || options.host == emulatorHost))
        let project: String
        if let given = options.project ?? environment["GOOGLE_CLOUD_PROJECT"].flatMap({ $0.isEmpty ? nil : $0 }) {
            project = given
        } else if isEmulator {
            project =
                environment["GCLOUD_PROJECT"].flatMap { $0.isEmpty ? nil : $0 } ?? "google-cloud-firestore-emulator"
        } else if let fromCredentials = credentialsProject(environment: environment) {
            project = fromCredentials
        } else {
            throw UsageError(
                "No project: pass --project <id> or set GOOGLE_CLOUD_PROJECT",
                subcommand: subcommand
            )
        }
        let plaintext = isEmulator || options.insecure
        var warnings: [String] = []
        let credentials: Credentials
        if isEmulator {
            // As Google's clients with FIRESTORE_EMULATOR_HOST: the emulator gets `Bearer owner`, never a
            // real token over its plaintext connection.
            credentials = .emulatorOwner
            if options.accessTokenFile != nil {
                warnings.append("--access-token-file is not used: the emulator gets 'Authorization: Bearer owner'")
            }
            if options.caFile != nil { warnings.append("--ca-file is not used: the emulator is reached in plaintext") }
        } else if let file = options.accessTokenFile {
            credentials = .accessTokenFile(file)
        } else if options.insecure {
            credentials = .none
        } else {
            credentials = .applicationDefault
        }
        return Settings(
            endpoint: endpoint,
            project: project,
            database: options.database,
            isEmulator: isEmulator,
            security: plaintext ? .plaintext : .tls(caFile: options.caFile),
            credentials: credentials,
            warnings: warnings
        )
    }

    /// The `project_id` of the service-account or ADC JSON, as google-auth finds it.
    private static func credentialsProject(environment: [String: String]) -> String? {
        var paths: [String] = []
        if let path = environment["GOOGLE_APPLICATION_CREDENTIALS"] { paths.append(path) }
        if let home = environment["HOME"] {
            paths.append(home + "/.config/gcloud/application_default_credentials.json")
        }
        for path in paths {
            guard let data = FileManager.default.contents(atPath: path),
                let json = try? JSONParser.parse(String(decoding: data, as: UTF8.self))
            else { continue }
            for key in ["project_id", "quota_project_id"] {
                if case .string(let project)? = json[key], !project.isEmpty { return project }
            }
        }
        return nil
    }
}
