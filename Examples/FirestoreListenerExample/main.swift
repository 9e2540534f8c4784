import FirestoreListen
import Foundation

// Runs the original app's listener against the Firestore of the environment (FIRESTORE_EMULATOR_HOST and
// GOOGLE_CLOUD_PROJECT, or production with Application Default Credentials) until it is interrupted.
// The "screen" is standard output: one line per document shown.
setvbuf(stdout, nil, _IOLBF, 0)
do {
    let db = try Firestore.firestore()
    let listener = FirestoreListener(
        db: db,
        standby: { waiting in print("standby: skipped the first fetch (\(waiting) documents)") },
        screen: { text, documentID in print("screen: \(documentID): \(text)") }
    )
    listener.startListening()
    print("waiting for documents of collection1 where status == \"hoge\"")
    dispatchMain()
} catch {
    print("firestore-listener-example: \(error)")
    exit(1)
}
