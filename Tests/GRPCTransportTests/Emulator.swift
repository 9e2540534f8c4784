import Foundation
import GRPCTransport
import Testing

/// The Firestore emulator the tests talk to (env `FIRESTORE_EMULATOR_HOST`), and what they send it.
enum Emulator {
    static let project = "grpc-transport-tests"
    static let database = "projects/\(project)/databases/(default)"
    static let listen = "/google.firestore.v1.Firestore/Listen"
    static let commit = "/google.firestore.v1.Firestore/Commit"

    /// The headers Google's clients send the emulator.
    static let metadata = [
        ("google-cloud-resource-prefix", database),
        ("x-goog-request-params", "database=\(database)"),
        ("authorization", "Bearer owner"),
    ]

    /// `host:port` of the emulator. A missing variable fails the test; it is never skipped.
    static func target() throws -> String {
        try #require(
            ProcessInfo.processInfo.environment["FIRESTORE_EMULATOR_HOST"],
            """
            FIRESTORE_EMULATOR_HOST is not set: GRPCTransportTests need a running Firestore emulator, e.g. \
            `gcloud emulators firestore start --host-port=127.0.0.1:8701` and FIRESTORE_EMULATOR_HOST=127.0.0.1:8701
            """
        )
    }

    /// A plaintext channel to `target` (the emulator's by default), without keepalive as the emulator needs.
    static func channel(target: String? = nil) throws -> Channel {
        try Channel(configuration: ChannelConfiguration(target: target ?? self.target(), userAgent: "transport-tests"))
    }

    /// A collection name no other test uses, so its query starts empty.
    static func uniqueCollection() -> String {
        "c\(UInt64.random(in: 0...UInt64.max))"
    }
}
