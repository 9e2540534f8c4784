@testable import FirestoreListen

extension TestEnvironment {
    /// The environment a CLI run against the shared emulator gets: its host and the tests' project.
    static func cliEnvironment() throws -> [String: String] {
        ["FIRESTORE_EMULATOR_HOST": try emulatorHost(), "GOOGLE_CLOUD_PROJECT": project]
    }

    /// A library connection to the shared emulator, for the tests' project.
    static func emulatorConnection() throws -> FirestoreConnection {
        try FirestoreConnection(settings: .emulator(host: try emulatorHost(), projectID: project))
    }
}
