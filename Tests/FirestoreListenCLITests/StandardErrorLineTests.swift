import FirestoreListen
import Testing

@testable import FirestoreListenCLI

/// The lines `watch` writes on standard error.
@Suite struct StandardErrorLineTests {
    @Test func aBrokenStreamIsOneLineWithTheDelayInWords() {
        let line = WatchRunner.reconnectingLine(
            attempt: 2, delay: .milliseconds(1500), status: FirestoreErrorCode(.unavailable, message: "reset"))
        #expect(line == "firestore-listen: stream broken (UNAVAILABLE: reset); reconnecting in 1.5s (attempt 2)")
    }
}
