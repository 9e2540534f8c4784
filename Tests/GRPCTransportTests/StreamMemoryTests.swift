import Foundation
import GRPCTransport
import Testing

extension TransportTests {
    /// Opening and closing many streams must not leak: resident memory stays flat after a warm-up.
    @Suite struct StreamMemoryTests {
        static let warmUp = 100
        static let streams = 1_000
        static let allowedGrowth = 4 * 1024 * 1024

        @Test(.timeLimit(.minutes(5)))
        func aThousandStreamsLeaveResidentMemoryFlat() async throws {
            let channel = try Emulator.channel()
            let collection = Emulator.uniqueCollection()
            for _ in 0..<Self.warmUp {
                try await openListenAndClose(channel, collection: collection)
            }
            let before = try residentBytes()
            let start = ContinuousClock.now
            for _ in 0..<Self.streams {
                try await openListenAndClose(channel, collection: collection)
            }
            let after = try residentBytes()
            let growth = after - before
            print(
                "RSS after \(Self.warmUp) warm-up streams: \(before / 1024) KiB; after \(Self.streams) more: "
                    + "\(after / 1024) KiB; growth \(growth / 1024) KiB (\(ContinuousClock.now - start))"
            )
            if isSanitized {
                // ASan's quarantine and TSan's shadow memory keep growing on purpose; LeakSanitizer checks
                // for leaks at exit instead.
                print("sanitizer runtime present: resident growth not checked")
            } else {
                #expect(
                    growth < Self.allowedGrowth,
                    "resident memory grew \(growth / 1024) KiB over \(Self.streams) streams")
            }
        }

        /// Whether this process runs under AddressSanitizer or ThreadSanitizer (their runtimes export these).
        private var isSanitized: Bool {
            let symbols = ["__asan_init", "__tsan_init"]
            return symbols.contains { symbol in dlsym(UnsafeMutableRawPointer(bitPattern: 0), symbol) != nil }
        }

        /// One Listen: add a target, read ADD, CURRENT, NO_CHANGE, half-close, expect the OK end.
        private func openListenAndClose(_ channel: Channel, collection: String) async throws {
            let call = try channel.openBidirectionalCall(method: Emulator.listen, metadata: Emulator.metadata)
            try await call.send(FirestoreMessages.addQueryTarget(collection: collection))
            let count = try await withTimeout(.seconds(30)) {
                var count = 0
                for try await _ in call.messages {
                    count += 1
                    if count == 3 {
                        call.closeSend()
                    }
                }
                return count
            }
            #expect(count == 3)
        }

        /// This process's resident set (VmRSS of /proc/self/status).
        private func residentBytes() throws -> Int {
            let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
            let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") })
            let kibibytes = try #require(Int(line.split(separator: " ", omittingEmptySubsequences: true)[1]))
            return kibibytes * 1024
        }
    }
}
