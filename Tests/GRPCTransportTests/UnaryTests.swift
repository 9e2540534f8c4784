import FirestoreWire
import GRPCTransport
import Testing

extension TransportTests {
    /// Unary calls: a Commit, an unknown method, nothing listening, a server that never answers.
    @Suite struct UnaryTests {
        @Test func commitOfZeroWritesSucceeds() async throws {
            let channel = try Emulator.channel()
            let response = try await channel.unary(
                method: Emulator.commit,
                request: FirestoreMessages.emptyCommit(),
                metadata: Emulator.metadata,
                timeout: .seconds(60)
            )
            // No writes, so no write results; the emulator leaves commit_time unset too (an empty message).
            #expect(try Wire.decodeCommitResponse(response).updateTime == nil)
        }

        @Test func unknownMethodIsUnimplemented() async throws {
            let channel = try Emulator.channel()
            let status = await unaryStatus(channel, method: "/google.firestore.v1.Firestore/NoSuchMethod")
            #expect(status?.code == .unimplemented)
        }

        @Test func nothingListeningIsUnavailableAtOnce() async throws {
            let channel = try Emulator.channel(target: "127.0.0.1:\(try LocalSocket.unusedPort())")
            let start = ContinuousClock.now
            let status = await unaryStatus(channel, method: Emulator.commit)
            #expect(status?.code == .unavailable)
            #expect(ContinuousClock.now - start < .seconds(2))
        }

        @Test func aServerThatNeverAnswersHitsTheDeadline() async throws {
            let silent = try LocalSocket(listening: true)
            let channel = try Emulator.channel(target: "127.0.0.1:\(silent.port)")
            let start = ContinuousClock.now
            let status = await unaryStatus(channel, method: Emulator.commit, timeout: .milliseconds(300))
            #expect(status?.code == .deadlineExceeded)
            #expect(ContinuousClock.now - start < .seconds(5))
        }

        @Test func cancellingTheTaskCancelsTheCall() async throws {
            let silent = try LocalSocket(listening: true)
            let channel = try Emulator.channel(target: "127.0.0.1:\(silent.port)")
            let task = Task { await unaryStatus(channel, method: Emulator.commit) }
            try await Task.sleep(for: .milliseconds(100))
            task.cancel()
            let status = try await withTimeout(.seconds(5)) { await task.value }
            #expect(status?.code == .cancelled)
        }

        @Test func illegalMetadataIsInvalidArgument() async throws {
            let channel = try Emulator.channel()
            let status = await unaryStatus(channel, method: Emulator.commit, metadata: [("Upper-Case", "x")])
            #expect(status?.code == .invalidArgument)
            #expect(throws: Status.self) {
                _ = try channel.openBidirectionalCall(method: Emulator.listen, metadata: [("k", "line\nbreak")])
            }
        }

        /// A C string ends at its first NUL: a method, target, token or user agent holding one is refused, not
        /// cut short (cut, each of these would reach the emulator and succeed).
        @Test func aNulInAMethodTargetTokenOrUserAgentIsInvalidArgument() async throws {
            let status = await unaryStatus(try Emulator.channel(), method: Emulator.commit + "\u{0}Listen")
            #expect(status?.code == .invalidArgument)
            #expect(status?.message == "the method contains a NUL character, which gRPC cannot carry")
            #expect(throws: Status.self) {
                _ = try Emulator.channel().openBidirectionalCall(method: Emulator.listen + "\u{0}", metadata: [])
            }
            let target = try Emulator.target()
            let configurations = [
                ChannelConfiguration(target: target + "\u{0}junk"),
                ChannelConfiguration(
                    target: target, security: .tls(rootCertificatesPEM: nil, credentials: .accessToken("a\u{0}b"))),
                ChannelConfiguration(target: target, userAgent: "agent\u{0}x"),
            ]
            for (configuration, name) in zip(configurations, ["target", "access token", "user agent"]) {
                #expect(
                    throws: Status(
                        code: .invalidArgument, message: "the \(name) contains a NUL character, which gRPC cannot carry"
                    )
                ) {
                    _ = try Channel(configuration: configuration)
                }
            }
        }
    }
}

/// The status a unary call with an empty Commit request ends with; nil for OK.
func unaryStatus(
    _ channel: Channel,
    method: String,
    metadata: [(String, String)] = Emulator.metadata,
    timeout: Duration = .seconds(60)
) async -> Status? {
    do {
        _ = try await channel.unary(
            method: method,
            request: FirestoreMessages.emptyCommit(),
            metadata: metadata,
            timeout: timeout
        )
        return nil
    } catch {
        return error
    }
}
