import GRPCTransport
import Testing

extension TransportTests {
    /// The public value types, and the channel configurations refused before any network.
    @Suite struct ValueTests {
        @Test func statusCodeNamesAreGRPCs() {
            #expect(StatusCode.ok.name == "OK")
            #expect(StatusCode.failedPrecondition.name == "FAILED_PRECONDITION")
            #expect(StatusCode.unauthenticated.name == "UNAUTHENTICATED")
            #expect(StatusCode(rawValue: 14) == .unavailable)
            #expect(StatusCode(rawValue: 42).name == "CODE_42")
            #expect("\(Status(code: .notFound, message: "gone"))" == "NOT_FOUND: gone")
        }

        @Test func anAccessTokenIsNeverPrinted() {
            let configuration = ChannelConfiguration(
                target: "firestore.googleapis.com:443",
                security: .tls(rootCertificatesPEM: nil, credentials: .accessToken("ya29.secret"))
            )
            #expect(!String(describing: configuration).contains("secret"))
            #expect(!String(reflecting: configuration).contains("secret"))
        }

        @Test func customRootsWithGoogleDefaultCredentialsAreRefused() {
            let configuration = ChannelConfiguration(
                target: "firestore.googleapis.com:443",
                security: .tls(rootCertificatesPEM: "-----BEGIN CERTIFICATE-----", credentials: .googleDefault)
            )
            #expect(throws: Status.self) { _ = try Channel(configuration: configuration) }
        }

        @Test func aTLSChannelWithAnAccessTokenIsCreatedAndClosed() async throws {
            let configuration = ChannelConfiguration(
                target: "127.0.0.1:\(try LocalSocket.unusedPort())",
                security: .tls(rootCertificatesPEM: nil, credentials: .accessToken("token")),
                keepaliveTime: .seconds(30),
                maxReceiveMessageBytes: 17 * 1024 * 1024,
                userAgent: "transport-tests"
            )
            let channel = try Channel(configuration: configuration)
            let status = await unaryStatus(channel, method: Emulator.commit, metadata: [])
            #expect(status?.code == .unavailable)
            await channel.close()
        }
    }
}
