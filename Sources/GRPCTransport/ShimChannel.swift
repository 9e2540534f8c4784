internal import CGRPCShim

/// The C channel (`fl_channel`) and its completion queue.
///
/// `@unchecked Sendable` because `ChannelCore`, its only holder, keeps the shim's threading rule
/// (CGRPCShim.h): `next` and `destroy` are called only by the channel's poller thread, `shutdown` and
/// every call function only under `ChannelCore`'s lock, and nothing after `destroy`.
struct ShimChannel: @unchecked Sendable {
    let pointer: OpaquePointer  // owned by ChannelCore: fl_channel_destroy on its poller thread

    /// Creates the channel (no connection yet).
    /// - Throws: `Status` `UNAUTHENTICATED` when Application Default Credentials cannot be found;
    ///   `INVALID_ARGUMENT` for custom roots combined with them, or a target, roots, token or user agent
    ///   holding a NUL.
    init(configuration: ChannelConfiguration) throws(Status) {
        var options = fl_channel_options()
        var rootCertificates: String?
        var accessToken: String?
        switch configuration.security {
        case .plaintext:
            options.security = FL_SECURITY_PLAINTEXT
        case .tls(let roots, .none):
            options.security = FL_SECURITY_TLS
            rootCertificates = roots
        case .tls(nil, .googleDefault):
            options.security = FL_SECURITY_GOOGLE_DEFAULT
        case .tls(.some, .googleDefault):
            throw Status(
                code: .invalidArgument,
                message: "custom root certificates cannot be combined with Google default credentials"
            )
        case .tls(let roots, .accessToken(let token)):
            options.security = FL_SECURITY_ACCESS_TOKEN
            rootCertificates = roots
            accessToken = token
        }
        options.keepalive_time_ms = Int32(clamping: configuration.keepaliveTime?.clampedMilliseconds ?? 0)
        options.max_receive_message_length = Int32(clamping: configuration.maxReceiveMessageBytes)
        let strings = [
            (name: "the target", value: configuration.target),
            (name: "the root certificates", value: rootCertificates),
            (name: "the access token", value: accessToken),
            (name: "the user agent", value: configuration.userAgent),
        ]
        let created = try withCStrings(strings) { strings in
            options.root_certificates_pem = strings[1]
            options.access_token = strings[2]
            options.user_agent = strings[3]
            return fl_channel_create(strings[0], &options)
        }
        guard let created else {
            throw Status(code: .unauthenticated, message: "Google default credentials are not available")
        }
        pointer = created
    }

    /// No batch may start afterwards; the outstanding ones complete, then `next` returns nil.
    func shutdown() {
        fl_channel_shutdown(pointer)
    }

    /// Blocks until a batch completes: its tag and success; nil once the queue is shut down and drained.
    func next() -> (tag: Tag, ok: Bool)? {
        var tag = 0
        var ok = false
        guard fl_channel_next(pointer, &tag, &ok) else { return nil }
        return (Tag(rawValue: tag), ok)
    }

    /// Frees the channel and its queue; after `next` returned nil.
    func destroy() {
        fl_channel_destroy(pointer)
    }
}
