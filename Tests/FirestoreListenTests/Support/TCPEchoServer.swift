import Foundation
import Synchronization

/// A TCP echo server on 127.0.0.1, the upstream for the fault proxy's own tests.
///
/// Threads: one Foundation `Thread` accepts; one per connection reads and writes back. Each thread closes
/// its own descriptor when its loop ends; `stop()` only shuts descriptors down, which wakes the blocked
/// `accept` or `read` (see `OpenDescriptors`).
final class TCPEchoServer: Sendable {
    let port: Int
    private let open = OpenDescriptors()

    init() throws {
        let listener = try LoopbackSocket.make()
        do {
            port = try LoopbackSocket.listen(listener)
        } catch {
            close(listener)
            throw error
        }
        let open = self.open
        open.insert(listener)
        Self.spawn("echo accept") {
            while true {
                let connection = accept(listener, nil, nil)
                guard connection >= 0 else { break }
                open.insert(connection)
                Self.spawn("echo connection") { Self.echo(connection, open: open) }
            }
            open.close(listener)
        }
    }

    deinit {
        stop()
    }

    /// Shuts every descriptor down; the threads then close them and end.
    func stop() {
        open.shutDownAll()
    }

    private static func echo(_ connection: Int32, open: OpenDescriptors) {
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
        open.close(connection)
    }

    private static func spawn(_ name: String, _ body: @escaping @Sendable () -> Void) {
        let thread = Thread(block: body)
        thread.name = name
        thread.start()
    }
}

/// The descriptors a `TCPEchoServer` has open, shared with its threads.
///
/// A descriptor is closed and forgotten under the same lock under which `shutDownAll()` works, so a
/// shutdown never reaches a descriptor number that has since been reused by someone else.
private final class OpenDescriptors: Sendable {
    private let descriptors = Mutex<Set<Int32>>([])

    func insert(_ descriptor: Int32) {
        descriptors.withLock { _ = $0.insert(descriptor) }
    }

    func close(_ descriptor: Int32) {
        descriptors.withLock { open in
            open.remove(descriptor)
            _ = Glibc.close(descriptor)
        }
    }

    func shutDownAll() {
        descriptors.withLock { open in
            for descriptor in open { shutdown(descriptor, Int32(SHUT_RDWR)) }
        }
    }
}
