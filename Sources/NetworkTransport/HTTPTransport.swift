public import Foundation

/// The one thing forecastly needs from HTTP: GET a URL, get the whole body.
///
/// Behind a protocol so tests (and programs embedding forecastly) can answer
/// requests in-process, and so a different client can replace AsyncHTTPClient.
public protocol HTTPTransport: Sendable {
    func get(_ url: URL, headers: [(name: String, value: String)]) async throws(TransportError) -> HTTPResponse
}

public struct HTTPResponse: Sendable {
    public var status: Int
    public var headers: [(name: String, value: String)]
    public var body: [UInt8]

    public init(status: Int, headers: [(name: String, value: String)] = [], body: [UInt8]) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// Case-insensitive, as HTTP header names are.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}

/// Why no HTTP response arrived. Each case is something a person can act on
/// differently (check the name, start the server, wait, fix the clock).
public enum TransportError: Error, Sendable, Equatable {
    case nameResolutionFailed(host: String)
    case connectionRefused(host: String, port: Int)
    case tlsFailed(host: String, detail: String)
    case connectTimedOut(host: String)
    case responseTimedOut(host: String)
    case bodyTooLarge(limit: Int)
    case insecureURL(String)
    case cancelled
    case other(String)
}
