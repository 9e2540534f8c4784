import Foundation
import Testing

@testable import FirestoreListen

/// Root certificate files are checked when the channel is made, not by every call failing later.
@Suite struct PEMCertificatesTests {
    /// A self-signed test certificate (EC P-256, CN=firestore-listen-test), made with openssl for this test.
    static let certificate = """
        -----BEGIN CERTIFICATE-----
        MIIBlzCCAT2gAwIBAgIUWO7UYacpveqXGPd8eZ1SByH2b/owCgYIKoZIzj0EAwIw
        IDEeMBwGA1UEAwwVZmlyZXN0b3JlLWxpc3Rlbi10ZXN0MCAXDTI2MTIwMTA5MzU1
        OVoYDzIxMjYxMTA3MDkzNTU5WjAgMR4wHAYDVQQDDBVmaXJlc3RvcmUtbGlzdGVu
        LXRlc3QwWTATBgcqhkjOPQIBBggqhkjOPQMBBwNCAASPFNIUNPyp7hqVEe+UCxIK
        8rQP+Xi2UC5YSBM26h2ku8Gsl1urrKXE6K6gpVyfGDOkP00mEUW5N2Zt8glGReiw
        o1MwUTAdBgNVHQ4EFgQUDjqVqVQDkWgjuTBqxP48YBjS22YwHwYDVR0jBBgwFoAU
        DjqVqVQDkWgjuTBqxP48YBjS22YwDwYDVR0TAQH/BAUwAwEB/zAKBggqhkjOPQQD
        AgNIADBFAiBywqpGwLbhxcruvSsGmD4RQwOy8+9rUo7tyFktzXKp5QIhAO8OmNcq
        Bf/jAmtih82uSkMqMr3oshhcxXWKIppOPHKf
        -----END CERTIFICATE-----

        """

    @Test func aCertificateAndABundleOfTwoPass() throws {
        #expect(try PEMCertificates.check(Self.certificate) == 1)
        #expect(try PEMCertificates.check("# roots\n" + Self.certificate + Self.certificate) == 2)
    }

    @Test(arguments: [
        ("", "it holds no BEGIN CERTIFICATE block"),
        ("not a certificate at all", "it holds no BEGIN CERTIFICATE block"),
        ("-----BEGIN CERTIFICATE-----\nMIIB\n", "certificate 1 has no END line"),
        ("-----BEGIN CERTIFICATE-----\n!!!!\n-----END CERTIFICATE-----\n", "certificate 1 is not base64"),
        (
            "-----BEGIN CERTIFICATE-----\naGVsbG8=\n-----END CERTIFICATE-----\n",
            "certificate 1 is not a DER certificate"
        ),
    ])
    func damagedFilesAreRefusedWithWhatIsWrong(text: String, reason: String) {
        #expect(throws: PEMCertificates.Failure.self) { try PEMCertificates.check(text) }
        do {
            _ = try PEMCertificates.check(text)
        } catch {
            #expect(error.reason == reason)
        }
    }

    @Test func aTruncatedCertificateIsRefused() {
        var lines = Self.certificate.split(separator: "\n").map(String.init)
        lines.remove(at: 5)
        #expect(throws: PEMCertificates.Failure.self) { try PEMCertificates.check(lines.joined(separator: "\n")) }
    }

    @Test func theClientRefusesADamagedRootsFileAtOnce() throws {
        let directory = FileManager.default.temporaryDirectory
        let roots = directory.appending(path: "roots-\(UUID().uuidString).pem")
        let token = directory.appending(path: "token-\(UUID().uuidString)")
        try Data("-----BEGIN CERTIFICATE-----\naGVsbG8=\n-----END CERTIFICATE-----\n".utf8).write(to: roots)
        try Data("ya29.token".utf8).write(to: token)
        defer {
            try? FileManager.default.removeItem(at: roots)
            try? FileManager.default.removeItem(at: token)
        }
        let settings = FirestoreSettings(
            host: "127.0.0.1:1", projectID: "p", security: .tls(rootCertificatesFile: roots.path),
            credentials: .accessTokenFile(token.path))
        #expect(throws: FirestoreErrorCode.self) { _ = try Firestore(settings: settings) }
        do {
            _ = try Firestore(settings: settings)
        } catch {
            #expect(error.code == .invalidArgument)
            #expect(
                error.message
                    == "'\(roots.path)' does not hold PEM certificates: certificate 1 is not a DER certificate")
        }
        try Data(Self.certificate.utf8).write(to: roots)
        _ = try Firestore(settings: settings)
    }
}
