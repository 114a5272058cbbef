import AsyncHTTPClient
public import Foundation
import NIOCore
import NIOHTTPCompression
import NIOPosix
import NIOSSL
import Synchronization

/// `HTTPTransport` over AsyncHTTPClient: the production transport.
///
/// Chosen over FoundationNetworking because on this platform it starts faster
/// and uses less memory, which matters for a tool run from a status bar
/// every few minutes.
public final class AsyncHTTPClientTransport: HTTPTransport {
    public struct Limits: Sendable, Equatable {
        /// Time allowed to open the TCP (and TLS) connection.
        public var connect: Duration
        /// Time allowed for the whole request, from connecting to the last byte.
        public var request: Duration
        /// The largest body accepted; a forecast is tens of kilobytes.
        public var maxBodyBytes: Int

        public init(connect: Duration = .seconds(5), request: Duration = .seconds(15), maxBodyBytes: Int = 8 << 20) {
            self.connect = connect
            self.request = request
            self.maxBodyBytes = maxBodyBytes
        }
    }

    private let limits: Limits
    private let userAgent: String
    /// The client, made at the first request: a run answered from the store
    /// never starts one.
    private let started = Mutex<(client: HTTPClient?, shutDown: Bool)>((nil, false))

    /// A short-lived process that makes one request at a time needs one
    /// event-loop thread, not one per core; starting threads is a visible
    /// part of a CLI run. Call before the first transport is made. The
    /// shared group is never shut down, so late connection clean-up after a
    /// timeout always has a loop to run on.
    public static func preferSingleEventLoopThread() {
        NIOSingletons.groupLoopCountSuggestion = 1
    }

    public init(userAgent: String, limits: Limits = Limits()) {
        self.limits = limits
        self.userAgent = userAgent
    }

    /// The client's settings, made with the client: AsyncHTTPClient's
    /// configuration brings in its TLS defaults, which a run answered from
    /// the store never needs (0.7% of a stored answer under perf).
    private static func configuration(_ limits: Limits) -> HTTPClient.Configuration {
        var configuration = HTTPClient.Configuration()
        configuration.timeout = .init(connect: .init(limits.connect), read: .init(limits.request))
        // A CLI should fail at once on "connection refused", not retry until the deadline.
        configuration.connectionPool.retryConnectionEstablishment = false
        // Redirects could lead to plain HTTP; EndpointPolicy is checked per URL we choose.
        configuration.redirectConfiguration = .disallow
        // Compressed answers (MET Norway's terms ask clients to accept gzip):
        // NIO's decompressor sends `Accept-Encoding: deflate, gzip` itself,
        // and the size cap applies to the decompressed body, so a small
        // compressed bomb is refused like a large body.
        configuration.decompression = .enabled(limit: .size(limits.maxBodyBytes))
        return configuration
    }

    /// Closes pooled connections. Call it when done; requests after it
    /// fail. A transport released without it shuts down in the background
    /// instead of leaking.
    public func shutdown() async {
        guard let client = markShutDown() else { return }
        try? await client.shutdown()
    }

    deinit {
        guard let client = markShutDown() else { return }
        client.shutdown(queue: .global()) { _ in }
    }

    /// The client to shut down, for the first caller only (nil when none was started).
    private func markShutDown() -> HTTPClient? {
        started.withLock { started in
            defer { started.shutDown = true }
            return started.shutDown ? nil : started.client
        }
    }

    /// The client, started at the first request; nil after shutdown.
    private func client() -> HTTPClient? {
        started.withLock { started in
            guard !started.shutDown else { return nil }
            if let client = started.client { return client }
            let client = HTTPClient(eventLoopGroup: MultiThreadedEventLoopGroup.singleton, configuration: Self.configuration(limits))
            started.client = client
            return client
        }
    }

    public func get(_ url: URL, headers: [(name: String, value: String)]) async throws(TransportError) -> HTTPResponse {
        try EndpointPolicy.validate(url)
        var request = HTTPClientRequest(url: url.absoluteString)
        request.method = .GET
        request.headers.add(name: "User-Agent", value: userAgent)
        request.headers.add(name: "Accept", value: "application/json")
        // A caller's header replaces the default of the same name (a service
        // that must also be told the user's contact sends its own User-Agent).
        for header in headers { request.headers.replaceOrAdd(name: header.name, value: header.value) }

        let host = url.host ?? ""
        guard let client = client() else { throw .other("the transport was shut down") }
        do {
            let response = try await client.execute(request, timeout: .init(limits.request))
            if let length = response.headers.first(name: "Content-Length").flatMap(Int.init), length > limits.maxBodyBytes {
                throw NIOTooManyBytesError(maxBytes: limits.maxBodyBytes)
            }
            let body = try await response.body.collect(upTo: limits.maxBodyBytes)
            return HTTPResponse(
                status: Int(response.status.code),
                headers: response.headers.map { (name: $0.name, value: $0.value) },
                body: Array(buffer: body)
            )
        } catch {
            throw Self.classify(error, host: host, port: url.port ?? (url.scheme == "https" ? 443 : 80), bodyLimit: limits.maxBodyBytes)
        }
    }

    /// Maps the many error types of AsyncHTTPClient, NIO and BoringSSL onto
    /// the few situations a person can act on.
    static func classify(_ error: any Error, host: String, port: Int, bodyLimit: Int) -> TransportError {
        if error is CancellationError { return .cancelled }
        if let error = error as? TransportError { return error }
        if error is NIOTooManyBytesError { return .bodyTooLarge(limit: bodyLimit) }
        if let error = error as? NIOHTTPDecompression.DecompressionError {
            return error == .limit ? .bodyTooLarge(limit: bodyLimit) : .other("the compressed body is damaged")
        }
        if let error = error as? HTTPClientError {
            switch error {
            case .connectTimeout, .getConnectionFromPoolTimeout: return .connectTimedOut(host: host)
            case .deadlineExceeded, .readTimeout, .writeTimeout: return .responseTimedOut(host: host)
            case .cancelled: return .cancelled
            case .remoteConnectionClosed: return .other("the server closed the connection before answering")
            default: return .other(String(describing: error))
            }
        }
        if let error = error as? NIOConnectionError {
            if let first = error.connectionErrors.first {
                return classify(first.error, host: host, port: port, bodyLimit: bodyLimit)
            }
            if error.dnsAError != nil || error.dnsAAAAError != nil { return .nameResolutionFailed(host: host) }
            return .other(String(describing: error))
        }
        if let error = error as? IOError {
            switch error.errnoCode {
            case ECONNREFUSED: return .connectionRefused(host: host, port: port)
            case ETIMEDOUT: return .connectTimedOut(host: host)
            default: return .other(error.description)
            }
        }
        if let error = error as? ChannelError, case .connectTimeout = error { return .connectTimedOut(host: host) }
        if error is SocketAddressError { return .nameResolutionFailed(host: host) }
        if error is NIOSSLError || error is BoringSSLError || error is NIOSSLExtraError {
            return .tlsFailed(host: host, detail: TLSFailure.reason(error, host: host))
        }
        return .other(String(describing: error))
    }
}
