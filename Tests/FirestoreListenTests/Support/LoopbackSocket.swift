import Foundation

/// The few socket calls that the TCP test helpers need, on 127.0.0.1 only.
///
/// Each returns a value or throws `LoopbackSocket.Failure` with the C function and errno.
enum LoopbackSocket {
    struct Failure: Error, CustomStringConvertible {
        let function: String
        let code: Int32

        var description: String { "\(function): \(String(cString: strerror(code)))" }
    }

    /// A new TCP socket. The corresponding C function is `socket`.
    static func make() throws -> Int32 {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw Failure(function: "socket", code: errno) }
        return descriptor
    }

    /// Binds to 127.0.0.1 on a free port and listens; returns the port.
    static func listen(_ descriptor: Int32) throws -> Int {
        var address = loopback(port: 0)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0 else { throw Failure(function: "bind", code: errno) }
        guard Glibc.listen(descriptor, 16) == 0 else { throw Failure(function: "listen", code: errno) }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard named == 0 else { throw Failure(function: "getsockname", code: errno) }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// Connects to 127.0.0.1:`port` (immediate on loopback). The corresponding C function is `connect`.
    static func connect(_ descriptor: Int32, port: Int) throws {
        var address = loopback(port: port)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { throw Failure(function: "connect", code: errno) }
    }

    private static func loopback(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        return address
    }
}
