@testable import NetworkTransport
import NIOSSL
import Testing

/// A failed secure connection is one sentence a person understands, not
/// NIOSSL's "NIOSSLExtraError.failedToValidateHostname: Couldn't find <none>".
@Suite struct TLSFailureTests {
    @Test func aCertificateForAnotherHostIsNamedAsSuch() {
        let reason = TLSFailure.reason(NIOSSLExtraError.failedToValidateHostname, host: "api.open-meteo.com")
        #expect(reason == "the certificate it presented is not for api.open-meteo.com, as when a network intercepts secure connections")
    }

    @Test func anUntrustedCertificateSaysWhy() {
        // BoringSSL's text for an unverified chain names CERTIFICATE_VERIFY_FAILED.
        struct Unverified: Error, CustomStringConvertible {
            var description: String { "handshakeFailed(sslError([Error: 268435581 error:1000007d:SSL routines:OPENSSL_internal:CERTIFICATE_VERIFY_FAILED]))" }
        }
        #expect(TLSFailure.reason(Unverified(), host: "h").hasPrefix("its certificate is not one this machine trusts"))
        // Any other handshake failure is said plainly, without the library's names.
        let reason = TLSFailure.reason(NIOSSLError.handshakeFailed(.sslError([])), host: "h")
        #expect(reason == "the secure handshake did not complete")
    }
}
