import Foundation

/// A TCP client on 127.0.0.1 that tells data, a clean close (FIN), a reset (RST) and silence apart.
///
/// The socket is non-blocking after connecting; `receive` polls it every 5 ms, so no thread blocks.
/// Ownership: owns the descriptor and closes it in `deinit`.
final class TCPTestClient: Sendable {
    /// What a receive saw.
    enum Received: Equatable, CustomStringConvertible {
        case data([UInt8])
        /// End of file: the peer closed with a FIN.
        case closed
        /// ECONNRESET: the peer closed with a RST.
        case reset
        /// Nothing within the timeout, and the connection still open.
        case silence

        var description: String {
            switch self {
            case .data(let bytes): "data(\(String(decoding: bytes, as: UTF8.self)))"
            case .closed: "closed (FIN)"
            case .reset: "reset (RST)"
            case .silence: "silence"
            }
        }
    }

    private let descriptor: Int32

    init(port: Int) throws {
        descriptor = try LoopbackSocket.make()
        do {
            try LoopbackSocket.connect(descriptor, port: port)
        } catch {
            close(descriptor)
            throw error
        }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
    }

    deinit {
        close(descriptor)
    }

    /// Sends all of `text`. A full socket buffer (EAGAIN) fails: tests send a few bytes only.
    func send(_ text: String) throws {
        let bytes = Array(text.utf8)
        let sent = bytes.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        guard sent == bytes.count else { throw LoopbackSocket.Failure(function: "send", code: errno) }
    }

    /// Collects bytes until `count` have arrived, the connection ends, or `timeout` passes.
    ///
    /// Returns `.data` when any bytes came (even fewer than `count`), else how the wait ended.
    func receive(count: Int, timeout: Duration) async throws -> Received {
        let deadline = ContinuousClock.now + timeout
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while received.count < count {
            let result = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if result > 0 {
                received += buffer[..<result]
                continue
            }
            let code = errno
            if result == 0 { return received.isEmpty ? .closed : .data(received) }
            if code == ECONNRESET { return received.isEmpty ? .reset : .data(received) }
            guard code == EAGAIN || code == EWOULDBLOCK else {
                throw LoopbackSocket.Failure(function: "recv", code: code)
            }
            guard ContinuousClock.now < deadline else { break }
            try await Task.sleep(for: .milliseconds(5))
        }
        return received.isEmpty ? .silence : .data(received)
    }
}
