#if canImport(Glibc)
    import Glibc
#endif

/// TCP sockets on 127.0.0.1 for the tests: a free port, a port that accepts connections but never answers.
final class LocalSocket {
    let descriptor: Int32
    let port: Int

    /// Binds to a port the kernel picks; `listening` also queues incoming connections (never accepted).
    init(listening: Bool) throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw SystemCallError(function: "socket") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                bind(descriptor, address, length) == 0 && getsockname(descriptor, address, &length) == 0
            }
        }
        guard bound, !listening || listen(descriptor, 16) == 0 else {
            close(descriptor)
            throw SystemCallError(function: "bind/listen")
        }
        self.descriptor = descriptor
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    deinit {
        close(descriptor)
    }

    /// A port nothing listens on (bound for a moment, then released).
    static func unusedPort() throws -> Int {
        try LocalSocket(listening: false).port
    }

    /// Whether something accepts TCP connections on `port` now.
    static func accepts(port: Int) -> Bool {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                connect(descriptor, address, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
    }
}

struct SystemCallError: Error {
    let function: String
    let errno = Glibc.errno
}
