import FirestoreWatch
import FirestoreWire
internal import Foundation
import GRPCTransport
import Synchronization

/// A connection to one Firestore database: one gRPC channel, the request headers Google's clients send,
/// and the calls this tool makes (Listen, Commit, RunQuery, GetDocument).
///
/// Thread safety: the channel and the headers are swapped together under a lock (`discardConnection()`);
/// `Channel` does its own locking.
package final class FirestoreConnection: ListenTransport, Sendable {
    package let settings: FirestoreSettings

    /// What the calls use now: replaced as a whole when the connection is discarded.
    private struct Current: Sendable {
        var channel: Channel
        var metadata: [(String, String)]
    }

    private let current: Mutex<Current>

    var channel: Channel { current.withLock { $0.channel } }
    var metadata: [(String, String)] { current.withLock { $0.metadata } }

    /// Opens the channel (the connection itself is made lazily by gRPC, on the first call).
    /// - Throws: `FirestoreErrorCode` `.invalidArgument` for an unreadable certificate or access token
    ///   file, or when the channel cannot be created.
    package init(settings: FirestoreSettings) throws(FirestoreErrorCode) {
        self.settings = settings
        current = Mutex(try Self.connect(settings))
    }

    /// Builds the channel and the headers from the settings, reading the token and certificate files now.
    private static func connect(_ settings: FirestoreSettings) throws(FirestoreErrorCode) -> Current {
        var headers = [
            ("google-cloud-resource-prefix", settings.databaseName),
            ("x-goog-request-params", "database=" + Self.percentEncoded(settings.databaseName)),
        ]
        var credentials = ChannelConfiguration.Credentials.none
        switch settings.credentials {
        case .emulatorOwner: headers.append(("authorization", "Bearer owner"))
        case .none: break
        case .applicationDefault: credentials = .googleDefault
        case .accessTokenFile(let path):
            let token = try Self.readToken(path)
            if case .plaintext = settings.security {
                headers.append(("authorization", "Bearer " + token))
            } else {
                credentials = .accessToken(token)
            }
        }
        let security: ChannelConfiguration.Security
        switch settings.security {
        case .plaintext: security = .plaintext
        case .tls(let caFile):
            if caFile != nil, credentials == .googleDefault {
                throw FirestoreErrorCode(
                    .invalidArgument,
                    message:
                        "custom root certificates need an access token file: "
                        + "gRPC cannot use Application Default Credentials with other roots"
                )
            }
            security = .tls(rootCertificatesPEM: try caFile.map(Self.readCertificates), credentials: credentials)
        }
        let configuration = ChannelConfiguration(
            target: settings.host,
            security: security,
            keepaliveTime: settings.isEmulator ? nil : .seconds(30),
            maxReceiveMessageBytes: Self.maximumMessageBytes,
            userAgent: "firestore-listen/\(Version.current)"
        )
        do {
            return Current(channel: try Channel(configuration: configuration), metadata: headers)
        } catch {
            throw FirestoreErrorCode(.invalidArgument, message: "cannot make a channel to \(settings.host): \(error)")
        }
    }

    /// Replaces the channel with a new one, so that the next call makes a new connection, with credentials
    /// read afresh (an access token file that was renewed). gRPC would keep using a connection that died
    /// silently (a blackholing proxy: no FIN, no RST, no keepalive against the emulator); the old channel
    /// is freed once its last call has ended. When the files cannot be read now, the old channel stays.
    package func discardConnection() {
        guard let fresh = try? Self.connect(settings) else { return }
        current.withLock { $0 = fresh }
    }

    package func openListenStream() throws -> any ListenStream {
        let call = try channel.openBidirectionalCall(method: Method.listen, metadata: metadata)
        return GRPCListenStream(call: call, database: settings.databaseName)
    }

    /// One Commit of one update (its ``DocumentUpdate/write``). Never retried: an unknown outcome is
    /// reported, not replayed.
    /// - Throws: `FirestoreErrorCode` with the server's status (NOT_FOUND, FAILED_PRECONDITION, …).
    package func commit(_ update: DocumentUpdate) async throws(FirestoreErrorCode) -> CommitResult {
        let response = try await commit([update.write])
        return CommitResult(updateTime: response.updateTimes.first ?? nil, commitTime: response.commitTime)
    }

    /// Runs `body`, whose failures are the library's error: a gRPC status as it came, anything else (a
    /// response that does not decode) as INTERNAL.
    static func call<T>(_ body: () async throws -> T) async throws(FirestoreErrorCode) -> T {
        do {
            return try await body()
        } catch {
            throw FirestoreErrorCode(error)
        }
    }

    /// The documents a query returns now, in the server's order (RunQuery).
    package func runQuery(_ query: FirestoreWatch.Query) async throws(FirestoreErrorCode) -> [Document] {
        try await runQueryWithReadTime(query).documents
    }

    /// A document now, or nil when it does not exist; `DEADLINE_EXCEEDED` after `timeout`.
    package func getDocument(name: String, timeout: Duration = .seconds(60)) async throws(FirestoreErrorCode)
        -> Document?
    {
        do {
            return try await Self.call {
                let bytes = try await channel.unary(
                    method: Method.getDocument,
                    request: Wire.encodeGetDocumentRequest(name: name),
                    metadata: metadata,
                    timeout: timeout
                )
                return try Wire.decodeDocument(bytes)
            }
        } catch  where error.code == .notFound {
            return nil
        }
    }

    /// The largest server message accepted: 4 MiB, gRPC's own default. A Listen response carries at most one
    /// document, and Firestore stores none over 1 MiB, so anything larger is not a message of a correct
    /// server (a bloom filter of several million documents would be the largest legitimate one).
    package static let maximumMessageBytes = 4 * 1024 * 1024

    enum Method {
        static let listen = "/google.firestore.v1.Firestore/Listen"
        static let commit = "/google.firestore.v1.Firestore/Commit"
        static let runQuery = "/google.firestore.v1.Firestore/RunQuery"
        static let getDocument = "/google.firestore.v1.Firestore/GetDocument"
    }

    /// Python's encoding of routing headers: everything but unreserved characters and `/`.
    private static func percentEncoded(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~/")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }

    private static func readToken(_ path: String) throws(FirestoreErrorCode) -> String {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw FirestoreErrorCode(.invalidArgument, message: "Cannot read the access token file '\(path)'")
        }
        let token = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        // A header value is visible ASCII: anything else would fail every call, after the start.
        guard !token.isEmpty, token.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F }) else {
            throw FirestoreErrorCode(
                .invalidArgument, message: "The access token file '\(path)' does not hold one token")
        }
        return token
    }

    private static func readCertificates(_ path: String) throws(FirestoreErrorCode) -> String {
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8)
        else {
            throw FirestoreErrorCode(.invalidArgument, message: "Cannot read PEM certificates from '\(path)'")
        }
        do {
            _ = try PEMCertificates.check(text)
        } catch {
            throw FirestoreErrorCode(
                .invalidArgument, message: "'\(path)' does not hold PEM certificates: \(error.reason)")
        }
        return text
    }

}
