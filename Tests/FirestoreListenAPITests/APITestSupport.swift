import FirestoreListen
import Foundation
import Testing

/// What the public-API tests share: a client of the test emulator, and waits that end the test on time.
enum APITest {
    /// A client of the shared emulator, for the tests' project; fails loudly without an emulator.
    static func client() throws -> Firestore {
        try Firestore(settings: .emulator(host: TestEnvironment.emulatorHost(), projectID: TestEnvironment.project))
    }

    struct Timeout: Error, CustomStringConvertible {
        let description: String
    }

    /// Runs `body`, failing when it has not finished after `timeout` (see `withDeadline`).
    static func within<T: Sendable>(
        _ timeout: Duration = .seconds(30),
        _ what: String,
        _ body: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        try await withDeadline(timeout, what, body)
    }

    /// Waits until `condition` holds, checking it after each of the client's own state changes would be
    /// too intrusive for a public API: it checks every 20 ms, and fails after `timeout`.
    static func until(
        _ timeout: Duration = .seconds(30),
        _ what: String,
        _ condition: @escaping @Sendable () async -> Bool
    ) async throws {
        _ = try await within(timeout, what) {
            while await !condition() { try await Task.sleep(for: .milliseconds(20)) }
            return true
        }
    }
}

/// Hands the elements that one task produces to a test that takes them one at a time.
final class Inbox<Element: Sendable>: Sendable {
    let stream: AsyncStream<Element>
    private let continuation: AsyncStream<Element>.Continuation

    init() {
        (stream, continuation) = AsyncStream.makeStream(of: Element.self)
    }

    func put(_ element: Element) { continuation.yield(element) }
    func close() { continuation.finish() }

    /// The next element, failing after `timeout`.
    func next(_ timeout: Duration = .seconds(30), _ what: String = "the next element") async throws -> Element {
        let stream = stream
        return try await APITest.within(timeout, what) {
            var iterator = stream.makeAsyncIterator()
            guard let element = await iterator.next() else { throw APITest.Timeout(description: "\(what): closed") }
            return element
        }
    }
}

/// A snapshot as text that two listeners can be compared by: the documents, then each change.
func describe(_ snapshot: QuerySnapshot) -> String {
    let documents = snapshot.documents.map(\.documentID).joined(separator: ",")
    let changes = snapshot.documentChanges.map { change in
        let old = change.oldIndex == UInt(NSNotFound) ? "-" : "\(change.oldIndex)"
        let new = change.newIndex == UInt(NSNotFound) ? "-" : "\(change.newIndex)"
        return "\(change.type) \(change.document.documentID) \(old)→\(new)"
    }
    return "[\(documents)] " + changes.joined(separator: "; ")
}
