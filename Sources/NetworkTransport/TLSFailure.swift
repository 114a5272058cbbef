import NIOSSL

/// Why a secure connection failed, as a sentence a person understands
/// (NIOSSL's own descriptions, "Couldn't find <none>", name internals).
enum TLSFailure {
    static func reason(_ error: any Error, host: String) -> String {
        if let error = error as? NIOSSLExtraError, error == .failedToValidateHostname || error == .serverHostnameImpossibleToMatch {
            return "the certificate it presented is not for \(host), as when a network intercepts secure connections"
        }
        let text = String(describing: error)
        if text.contains("CERTIFICATE_VERIFY_FAILED") || text.contains("certificate verify failed") {
            return "its certificate is not one this machine trusts (an intercepting network, missing CA certificates, or a wrong clock)"
        }
        if text.contains("WRONG_VERSION_NUMBER") || text.contains("PACKET_LENGTH_TOO_LONG") || text.contains("HTTP_REQUEST") {
            return "the server does not speak HTTPS on that port"
        }
        return "the secure handshake did not complete"
    }
}
