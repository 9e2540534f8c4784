import Foundation
import Synchronization

/// A TCP echo server on 127.0.0.1, the upstream for the fault proxy's own tests.
///
/// Threads: one Foundation `Thread` accepts; one per connection reads and writes back. Each thread closes
/// its own descriptor when its loop ends; `stop()` only shuts descriptors down (which wakes the blocked
/// `accept`/`read`), under the same lock that a thread takes before closing, so it never touches a
/// descriptor number that has been reused.
final class TCPEchoServer: Sendable {
    let port: Int
    /// Open descriptors: the listener and every connection.
    private let open: Mutex<Set<Int32>>

    init() throws {
        let listener = try LoopbackSocket.make()
        do {
            port = try LoopbackSocket.listen(listener)
        } catch {
            close(listener)
            throw error
        }
        let open = Mutex<Set<Int32>>([listener])
        self.open = open
        Self.spawn("echo accept") {
            while true {
                let connection = accept(listener, nil, nil)
                guard connection >= 0 else { break }
                open.withLock { _ = $0.insert(connection) }
                Self.spawn("echo connection") { Self.echo(connection, open: open) }
            }
            Self.closeTracked(listener, open: open)
        }
    }

    deinit {
        stop()
    }

    /// Shuts every descriptor down; the threads then close them and end.
    func stop() {
        open.withLock { descriptors in
            for descriptor in descriptors { shutdown(descriptor, Int32(SHUT_RDWR)) }
        }
    }

    private static func echo(_ connection: Int32, open: Mutex<Set<Int32>>) {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        reading: while true {
            let count = buffer.withUnsafeMutableBytes { read(connection, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            var sent = 0
            while sent < count {
                let written = buffer.withUnsafeBytes { write(connection, $0.baseAddress! + sent, count - sent) }
                guard written > 0 else { break reading }
                sent += written
            }
        }
        closeTracked(connection, open: open)
    }

    private static func closeTracked(_ descriptor: Int32, open: Mutex<Set<Int32>>) {
        open.withLock { descriptors in
            descriptors.remove(descriptor)
            _ = close(descriptor)
        }
    }

    private static func spawn(_ name: String, _ body: @escaping @Sendable () -> Void) {
        let thread = Thread(block: body)
        thread.name = name
        thread.start()
    }
}
