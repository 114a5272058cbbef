public import ForecastlyBase
public import Foundation
public import NetworkTransport

/// Locates by the public IP address, over HTTPS. City level: every fix has
/// reduced accuracy. Only ever called through `AuthorizedLocationProvider`.
public struct IPGeolocationProvider: LocationProvider {
    public static let urlVariable = "FORECASTLY_IPGEO_URL"
    /// ipwho.is: HTTPS on the free tier, no key, no monthly limit.
    public static let defaultURL = URL(string: "https://ipwho.is/")!

    public let url: URL
    private let transport: any HTTPTransport
    private let clock: @Sendable () -> Date

    public var kind: LocationSourceKind { .ip }

    /// The service's host, as the permission prompt and errors name it.
    public var serviceName: String { url.host ?? url.absoluteString }

    /// - Throws: `TransportError.insecureURL` for plain HTTP off loopback,
    ///   unless `allowInsecure` (the user configured ip-api.com's free tier explicitly).
    public init(url: URL = defaultURL, transport: any HTTPTransport, allowInsecure: Bool = false,
                clock: @escaping @Sendable () -> Date = Date.init) throws(TransportError) {
        if !(allowInsecure && url.scheme?.lowercased() == "http") {
            try EndpointPolicy.validate(url)
        }
        self.url = url
        self.transport = transport
        self.clock = clock
    }

    public func currentLocation(timeout: Duration) async throws(LocationError) -> LocationFix {
        let response: HTTPResponse
        do {
            response = try await get(within: timeout)
        } catch .connectTimedOut, .responseTimedOut {
            throw .lookupTimedOut(service: serviceName)
        } catch .bodyTooLarge {
            throw .unreadableAnswer(service: serviceName, reason: MessageText("too large"))
        } catch {
            throw .lookupFailed(service: serviceName, reason: error.shortReason)
        }
        if response.status == 429 {
            throw .rateLimited(service: serviceName, retryAfterSeconds: Self.retryAfter(response))
        }
        if response.status == 503 { throw .serviceBusy(service: serviceName) }
        switch IPGeolocationResponse.interpret(response.body) {
        case .rateLimited:
            throw .rateLimited(service: serviceName, retryAfterSeconds: Self.retryAfter(response))
        case .failed(let reason):
            throw .lookupFailed(service: serviceName, reason: response.status == 200 ? reason
                : MessageText("{reason} (HTTP {status})", ["status": "\(response.status)"], messages: ["reason": [reason]]))
        case .unreadable(let reason):
            // An error page in place of an answer is the outage its status says, not bad data.
            guard response.status == 200 else {
                throw .lookupFailed(service: serviceName, reason: .verbatim("HTTP \(response.status)"))
            }
            throw .unreadableAnswer(service: serviceName, reason: reason)
        case .place(let place):
            guard response.status == 200 else {
                throw .lookupFailed(service: serviceName, reason: .verbatim("HTTP \(response.status)"))
            }
            guard let coordinate = try? Coordinate(latitude: place.latitude, longitude: place.longitude) else {
                throw .unreadableAnswer(service: serviceName, reason: MessageText("coordinates out of range"))
            }
            return LocationFix(
                coordinate: coordinate, accuracyMeters: nil, source: .ip, timestamp: clock(),
                city: place.city?.strippingTerminalControls(limit: 80),
                countryCode: place.countryCode?.strippingTerminalControls(limit: 3)
            )
        }
    }

    /// An IP address does not move while watching: one lookup, then the stream ends.
    public func updates() -> AsyncStream<LocationUpdate> {
        oneShotUpdates(timeout: .seconds(15))
    }

    /// `Retry-After` (RFC 9110), or ip-api.com's `X-Ttl` when `X-Rl` says none are left.
    static func retryAfter(_ response: HTTPResponse) -> Int? {
        if let value = response.header("Retry-After").flatMap({ Int($0.trimmingWhitespace()) }) { return value }
        if response.header("X-Rl") == "0" { return response.header("X-Ttl").flatMap { Int($0) } }
        return nil
    }

    /// The answer, or `responseTimedOut` once `timeout` has passed: a
    /// provider promises a fix or an error within the caller's timeout, and
    /// the transport's own limit for a whole request is longer.
    private func get(within timeout: Duration) async throws(TransportError) -> HTTPResponse {
        let transport = transport, url = url
        let first = await withTaskGroup(of: Result<HTTPResponse, TransportError>?.self) { group in
            group.addTask {
                do throws(TransportError) { return .success(try await transport.get(url, headers: [])) } catch { return .failure(error) }
            }
            group.addTask {
                do { try await Task.sleep(for: timeout) } catch { return nil }  // cancelled: the answer came first
                return .failure(.responseTimedOut(host: url.host ?? url.absoluteString))
            }
            defer { group.cancelAll() }
            for await case let result? in group { return result }
            return .failure(.cancelled)
        }
        return try first.get()
    }
}
