// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "FirestoreListen",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "firestore-listen", targets: ["firestore-listen"]),
        .library(name: "FirestoreListen", targets: ["FirestoreListen"]),
        .library(name: "FirestoreWatch", targets: ["FirestoreWatch"]),
    ],
    targets: [
        // C: the gRPC core and protobuf-c from Debian, linked by name (Debian's grpc.pc is too long to expand).
        .systemLibrary(name: "CGRPCCore", path: "Sources/CGRPCCore"),
        .target(
            name: "CGRPCShim",
            dependencies: ["CGRPCCore"],
            linkerSettings: [.linkedLibrary("grpc"), .linkedLibrary("gpr")]
        ),
        .systemLibrary(name: "CProtobufC", path: "Sources/CProtobufC"),
        .target(
            name: "CFirestoreProtos",
            dependencies: ["CProtobufC"],
            cSettings: [.headerSearchPath("include")],
            linkerSettings: [.linkedLibrary("protobuf-c")]
        ),
        .systemLibrary(name: "CSQLite", path: "Sources/CSQLite"),
        // Swift: only GRPCTransport, FirestoreWire and SQLiteStore import C.
        .target(name: "FirestoreWatch"),
        .target(name: "SQLiteStore", dependencies: ["CSQLite"]),
        .target(name: "GRPCTransport", dependencies: ["CGRPCShim"]),
        .target(name: "FirestoreWire", dependencies: ["CFirestoreProtos", "FirestoreWatch"]),
        .target(
            name: "FirestoreListen",
            dependencies: ["FirestoreWatch", "FirestoreWire", "GRPCTransport", "SQLiteStore"]
        ),
        .target(name: "FirestoreListenCLI", dependencies: ["FirestoreListen", "FirestoreWatch"]),
        .executableTarget(name: "firestore-listen", dependencies: ["FirestoreListenCLI"]),
        .executableTarget(name: "watch-benchmark", dependencies: ["FirestoreWatch"]),
        // Examples: programs written as users of the library write them (README.md, "The Swift library").
        .executableTarget(
            name: "firestore-listener-example",
            dependencies: ["FirestoreListen"],
            path: "Examples/FirestoreListenerExample",
            // As most code written for Firebase's Apple SDK is: ported by changing the import and the set-up.
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        .executableTarget(
            name: "live-query-example",
            dependencies: ["FirestoreListen"],
            path: "Examples/LiveQueryExample"
        ),

        .testTarget(name: "FirestoreWatchTests", dependencies: ["FirestoreWatch"], resources: [.copy("Fixtures")]),
        .testTarget(name: "FirestoreWireTests", dependencies: ["FirestoreWire", "FirestoreWatch"]),
        .testTarget(name: "SQLiteStoreTests", dependencies: ["SQLiteStore"]),
        .testTarget(name: "GRPCTransportTests", dependencies: ["GRPCTransport", "FirestoreWire", "FirestoreWatch"]),
        .testTarget(name: "FirestoreListenAPITests", dependencies: ["FirestoreListen", "FirestoreWatch"]),
        .testTarget(
            name: "FirestoreListenCLITests", dependencies: ["FirestoreListenCLI", "FirestoreListen", "FirestoreWatch"]),
        .testTarget(
            name: "FirestoreListenTests",
            dependencies: [
                "FirestoreListenCLI", "FirestoreListen", "FirestoreWatch", "FirestoreWire", "GRPCTransport",
                "SQLiteStore",
            ]
        ),
    ]
)
