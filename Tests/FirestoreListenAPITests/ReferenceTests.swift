import FirestoreListen
import Testing

/// References and paths, as a program that imports the library sees them (no `@testable`).
@Suite struct ReferenceTests {
    private let db = try! Firestore(
        settings: .emulator(host: "127.0.0.1:1", projectID: "p"))

    @Test func documentAndCollectionPathsNestAsInFirebase() {
        let message = db.collection("rooms").document("r1").collection("messages").document("m1")
        #expect(message.path == "rooms/r1/messages/m1")
        #expect(message.documentID == "m1")
        #expect(message.parent.path == "rooms/r1/messages")
        #expect(message.parent.collectionID == "messages")
        #expect(message.parent.parent?.path == "rooms/r1")
        #expect(db.collection("rooms").parent == nil)
        #expect(db.document("rooms/r1") == db.collection("rooms").document("r1"))
        #expect(db.document("rooms/r1") != db.document("rooms/r2"))
    }
}
