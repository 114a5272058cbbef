public import Foundation

/// Where forecastly may send a request: HTTPS anywhere, plain HTTP only to
/// this machine. A location in a query string must never cross a network in
/// clear text; loopback HTTP exists for tests and self-hosted services.
public enum EndpointPolicy {
    public static func validate(_ url: URL) throws(TransportError) {
        guard let scheme = url.scheme?.lowercased(), let host = url.host, !host.isEmpty else {
            throw .insecureURL(url.absoluteString)
        }
        switch scheme {
        case "https":
            return
        case "http" where isLoopback(host: host):
            return
        default:
            throw .insecureURL(url.absoluteString)
        }
    }

    public static func isLoopback(host: String) -> Bool {
        // An IPv6 literal may come in brackets, as it is written in a URL.
        var host = host[...]
        if host.hasPrefix("["), host.hasSuffix("]") { host = host.dropFirst().dropLast() }
        let bare = host.lowercased()
        if bare == "localhost" || bare == "::1" { return true }
        let octets = bare.split(separator: ".", omittingEmptySubsequences: false)
        guard octets.count == 4, octets[0] == "127" else { return false }
        return octets.allSatisfy { UInt8($0) != nil }
    }
}
