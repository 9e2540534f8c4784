import FirestoreListen
import Foundation
import Observation

/// One line on standard output, written at once (a pipe to another program gets each line as it comes).
func show(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

/// A ticket of the queue, as the documents of `queue` hold it.
struct Ticket: Decodable {
    @DocumentID var id: String?
    var number: Int
    var text: String
}

/// The `@FirestoreQuery` of a SwiftUI view, without SwiftUI: a `LiveQuery` of the tickets with a status,
/// printed whenever they change. Each line typed on standard input is a new status to wait for: the
/// predicates change, and the same Listen stream carries the new query.
@main
struct LiveQueryExample {
    @MainActor
    static func main() async throws {
        let db = try Firestore.firestore()
        let tickets = LiveQuery<Ticket>(
            collectionPath: "queue",
            predicates: [.whereField("status", isEqualTo: "pending"), .order(by: "number")],
            decodingFailureStrategy: .ignore,
            firestore: db
        )
        let changes = AsyncStream.makeStream(of: Void.self)
        func observe() {
            withObservationTracking {
                _ = (tickets.items, tickets.error)
            } onChange: {
                changes.continuation.yield()
            }
        }
        observe()
        Task.detached {
            while let line = readLine() {
                let status = line.trimmingCharacters(in: .whitespaces)
                await MainActor.run {
                    tickets.predicates = [.whereField("status", isEqualTo: status), .order(by: "number")]
                    show("now waiting for status == \"\(status)\"")
                }
            }
        }
        for await _ in changes.stream {
            // onChange runs before the new value is set: read it on the next turn of the main actor.
            await Task.yield()
            observe()
            if let error = tickets.error { show("error: \(error)") }
            let line = tickets.items.map { "\($0.number) \($0.id ?? "?") \($0.text)" }.joined(separator: ", ")
            show("tickets: [\(line)] (\(tickets.decodingErrors.count) did not decode)")
        }
    }
}
