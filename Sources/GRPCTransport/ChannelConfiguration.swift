/// Where a `Channel` connects and how: the target, the security, and the few channel arguments we set.
public struct ChannelConfiguration: Hashable, Sendable {
    /// Transport security.
    public enum Security: Hashable, Sendable {
        /// No TLS: the emulator. Send `authorization` as ordinary metadata; gRPC refuses call credentials here.
        case plaintext
        /// TLS, with `rootCertificatesPEM` (nil: gRPC's default roots) and the client's credentials.
        case tls(rootCertificatesPEM: String?, credentials: Credentials)
    }

    /// How the client proves who it is over TLS.
    public enum Credentials: Hashable, Sendable, CustomStringConvertible, CustomDebugStringConvertible {
        /// None from the channel (the caller may still send an `authorization` header).
        case none
        /// Application Default Credentials (`GOOGLE_APPLICATION_CREDENTIALS`, gcloud's ADC file, the GCE
        /// metadata server), refreshed by gRPC. Uses gRPC's default roots: it cannot be combined with
        /// `rootCertificatesPEM`.
        case googleDefault
        /// An OAuth2 access token, sent as `authorization: Bearer <token>` on every call.
        case accessToken(String)

        /// Never shows the token.
        public var description: String {
            switch self {
            case .none: "none"
            case .googleDefault: "googleDefault"
            case .accessToken: "accessToken(<redacted>)"
            }
        }

        public var debugDescription: String { description }
    }

    /// `host:port`, resolved by gRPC's DNS resolver (`localhost` may try `::1` first).
    public var target: String
    public var security: Security
    /// The interval of HTTP/2 keepalive pings; nil sends none. Production Firestore expects 30 s; the
    /// emulator answers any pings with GOAWAY `too_many_pings`, so leave it nil there.
    public var keepaliveTime: Duration?
    /// The largest message the channel accepts (gRPC's default is 4 MiB; Google's clients use 17 MiB).
    public var maxReceiveMessageBytes: Int
    /// Put in front of gRPC's own `user-agent`, e.g. `firestore-listen/1.0`.
    public var userAgent: String?

    public init(
        target: String,
        security: Security = .plaintext,
        keepaliveTime: Duration? = nil,
        maxReceiveMessageBytes: Int = 4 * 1024 * 1024,
        userAgent: String? = nil
    ) {
        self.target = target
        self.security = security
        self.keepaliveTime = keepaliveTime
        self.maxReceiveMessageBytes = maxReceiveMessageBytes
        self.userAgent = userAgent
    }
}
