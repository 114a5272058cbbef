extension TransportError {
    /// What went wrong in a few words, to follow "the lookup failed: ".
    public var shortReason: String {
        switch self {
        case .nameResolutionFailed(let host): "\(host) does not resolve"
        case .connectionRefused(let host, let port): "\(host):\(port) refused the connection"
        case .tlsFailed: "the secure connection failed"
        case .connectTimedOut, .responseTimedOut: "it did not answer in time"
        case .bodyTooLarge: "unreadable answer (too large)"
        case .insecureURL(let url): "\(url) is not HTTPS"
        case .cancelled: "cancelled"
        case .other(let detail): detail
        }
    }
}
