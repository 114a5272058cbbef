public import ForecastlyBase

extension TransportError {
    /// What went wrong in a few words, to follow "the lookup failed: ",
    /// said in the reader's language with the line around it.
    public var shortReason: MessageText {
        switch self {
        case .nameResolutionFailed(let host): MessageText("{host} does not resolve", ["host": host])
        case .connectionRefused(let host, let port): MessageText("{address} refused the connection", ["address": "\(host):\(port)"])
        case .tlsFailed: MessageText("the secure connection failed")
        case .connectTimedOut, .responseTimedOut: MessageText("it did not answer in time")
        case .bodyTooLarge: MessageText("unreadable answer (too large)")
        case .insecureURL(let url): MessageText("{url} is not HTTPS", ["url": url])
        case .cancelled: MessageText("cancelled")
        case .other(let detail): .verbatim(detail)
        }
    }
}
