import FirestoreListen

/// The `FirestoreListener` of the original SwiftUI app, ported from Firebase's Apple SDK: only the import
/// and the client set-up changed (see README.md, "The Swift library", for the two side by side).
///
/// It waits for the documents of `collection1` whose `status` is `hoge`, skips the first fetch (what was
/// already there when it started), hands each added or modified document's `text` and id to the screen,
/// and confirms it by setting its `status` to `completed`.
final class FirestoreListener {
    private let db: Firestore
    private let screen: (_ text: String, _ documentID: String) -> Void
    private let standby: (_ waiting: Int) -> Void
    private var listener: ListenerRegistration?
    private var isFirstFetch = true

    init(
        db: Firestore,
        standby: @escaping (_ waiting: Int) -> Void,
        screen: @escaping (_ text: String, _ documentID: String) -> Void
    ) {
        self.db = db
        self.standby = standby
        self.screen = screen
    }

    func startListening() {
        listener = db.collection("collection1").whereField("status", isEqualTo: "hoge")
            .addSnapshotListener { snapshot, error in
                guard let snapshot = snapshot else {
                    print("Error fetching snapshots: \(error!)")
                    return
                }
                if self.isFirstFetch {
                    self.isFirstFetch = false
                    self.standby(snapshot.count)
                    return
                }
                snapshot.documentChanges.forEach { diff in
                    if diff.type == .added || diff.type == .modified {
                        let text = diff.document.data()["text"] as? String ?? ""
                        self.screen(text, diff.document.documentID)
                        self.confirm(documentID: diff.document.documentID)
                    }
                }
            }
    }

    func confirm(documentID: String) {
        db.collection("collection1").document(documentID).updateData(["status": "completed"]) { error in
            if let error = error { print("Error confirming \(documentID): \(error)") }
        }
    }

    func stopListening() {
        listener?.remove()
    }
}
