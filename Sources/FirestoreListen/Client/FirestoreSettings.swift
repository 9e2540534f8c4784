internal import Foundation

/// Where a `Firestore` client connects and how: host, project, database, transport security, credentials.
///
/// ```swift
/// let local = FirestoreSettings.emulator(host: "127.0.0.1:8080", projectID: "demo")
/// let production = FirestoreSettings(projectID: "my-project")      // TLS, Application Default Credentials
/// let db = try Firestore(settings: local)
/// ```
public struct FirestoreSettings: Hashable, Sendable {
    /// How the connection is protected.
    public enum Security: Hashable, Sendable {
        case plaintext
        /// TLS; nil roots: the system's.
        case tls(rootCertificatesFile: String?)
    }

    /// What the calls are authorized with.
    public enum Credentials: Hashable, Sendable {
        /// The emulator: `authorization: Bearer owner`, as Google's clients send it.
        case emulatorOwner
        /// Application Default Credentials, through gRPC's Google default credentials.
        case applicationDefault
        /// The OAuth2 access token in this file, read again on every reconnect that needs it.
        case accessTokenFile(String)
        /// Nothing (plaintext to a test server that is not an emulator).
        case none
    }

    /// `HOST:PORT`.
    public var host: String
    /// The Google Cloud project.
    public var projectID: String
    /// The database of the project: `(default)` unless named.
    public var databaseID: String
    /// The Firestore emulator: no keepalive pings (it cuts clients that ping).
    public var isEmulator: Bool
    /// TLS (with the system's roots or those of a file), or plaintext for an emulator or a test server.
    public var security: Security
    /// What the calls are authorized with.
    public var credentials: Credentials

    /// Production settings: TLS with the system's roots and Application Default Credentials, unless given.
    public init(
        host: String = "firestore.googleapis.com:443",
        projectID: String,
        databaseID: String = "(default)",
        isEmulator: Bool = false,
        security: Security = .tls(rootCertificatesFile: nil),
        credentials: Credentials = .applicationDefault
    ) {
        self.host = host
        self.projectID = projectID
        self.databaseID = databaseID
        self.isEmulator = isEmulator
        self.security = security
        self.credentials = credentials
    }

    /// The Firestore emulator at `host`, in plaintext, as Google's clients reach it.
    public static func emulator(host: String, projectID: String, databaseID: String = "(default)") -> Self {
        Self(
            host: host,
            projectID: projectID,
            databaseID: databaseID,
            isEmulator: true,
            security: .plaintext,
            credentials: .emulatorOwner
        )
    }

    /// Whether the connection is encrypted (Firebase's name).
    public var isSSLEnabled: Bool {
        if case .tls = security { true } else { false }
    }

    /// `projects/P/databases/D`.
    public var databaseName: String { "projects/\(projectID)/databases/\(databaseID)" }
    /// `projects/P/databases/D/documents`.
    public var documentsRoot: String { databaseName + "/documents" }

    /// The settings Google's server clients take from the environment: `FIRESTORE_EMULATOR_HOST` (the
    /// emulator, in plaintext), else production with Application Default Credentials; the project from
    /// `GOOGLE_CLOUD_PROJECT`, else the credentials file's (`GOOGLE_APPLICATION_CREDENTIALS`, gcloud's ADC
    /// file), else, for the emulator, `GCLOUD_PROJECT` or a fixed demo id.
    /// - Parameter environment: the process's environment when nil.
    /// - Throws: `FirestoreErrorCode` `.invalidArgument` when no project can be found.
    public static func fromEnvironment(_ environment: [String: String]? = nil) throws(FirestoreErrorCode) -> Self {
        try resolve(Overrides(), environment: environment ?? ProcessInfo.processInfo.environment)
    }

    /// What a program (the command line) gives explicitly, over the environment.
    package struct Overrides: Hashable, Sendable {
        package var host: String?
        package var projectID: String?
        package var databaseID = "(default)"
        package var emulator = false
        package var insecure = false
        package var rootCertificatesFile: String?
        package var accessTokenFile: String?
        package init() {}
    }

    /// The settings of `overrides` over the environment. Pure but for reading the credentials file's project
    /// when no project is given.
    /// - Throws: `FirestoreErrorCode` `.invalidArgument` when no project can be found.
    package static func resolve(
        _ overrides: Overrides,
        environment: [String: String]
    ) throws(FirestoreErrorCode) -> Self {
        func nonEmpty(_ key: String) -> String? { environment[key].flatMap { $0.isEmpty ? nil : $0 } }
        let emulatorHost = nonEmpty("FIRESTORE_EMULATOR_HOST")
        let host = overrides.host ?? emulatorHost ?? "firestore.googleapis.com:443"
        let isEmulator =
            overrides.emulator || (emulatorHost != nil && (overrides.host == nil || overrides.host == emulatorHost))
        let projectID: String
        if let given = overrides.projectID ?? nonEmpty("GOOGLE_CLOUD_PROJECT") {
            projectID = given
        } else if isEmulator {
            projectID = nonEmpty("GCLOUD_PROJECT") ?? "google-cloud-firestore-emulator"
        } else if let fromCredentials = credentialsProject(environment: environment) {
            projectID = fromCredentials
        } else {
            throw FirestoreErrorCode(.invalidArgument, message: "no project: set GOOGLE_CLOUD_PROJECT")
        }
        let credentials: Credentials
        if isEmulator {
            // As Google's clients with FIRESTORE_EMULATOR_HOST: the emulator gets `Bearer owner`, never a
            // real token over its plaintext connection.
            credentials = .emulatorOwner
        } else if let file = overrides.accessTokenFile {
            credentials = .accessTokenFile(file)
        } else if overrides.insecure {
            credentials = .none
        } else {
            credentials = .applicationDefault
        }
        return Self(
            host: host,
            projectID: projectID,
            databaseID: overrides.databaseID,
            isEmulator: isEmulator,
            security: isEmulator || overrides.insecure
                ? .plaintext : .tls(rootCertificatesFile: overrides.rootCertificatesFile),
            credentials: credentials
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
                let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
            else { continue }
            for key in ["project_id", "quota_project_id"] {
                if let project = json[key] as? String, !project.isEmpty { return project }
            }
        }
        return nil
    }
}
