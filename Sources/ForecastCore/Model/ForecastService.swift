public import ForecastlyBase
public import Foundation

/// A weather API. Open-Meteo, MET Norway and OpenWeather conform (and tests
/// use scripted services); the rest of forecastly sees only this protocol.
public protocol ForecastService: Sendable {
    /// Which service this is: for attribution, error messages and the cache key.
    var provider: WeatherProvider { get }

    func forecast(for request: ForecastRequest) async throws(ForecastError) -> Forecast

    /// Forecasts for several places, in the order of `requests`. A service
    /// that can answer many places at once (Open-Meteo can) overrides this;
    /// the default asks for a few places at a time.
    func forecasts(for requests: [ForecastRequest]) async throws(ForecastError) -> [Forecast]

    /// A forecast as an HTTP cache needs it: with the answer's `Expires` and
    /// `Last-Modified`, and, given the `Last-Modified` of a stored answer, a
    /// conditional request that may come back "not modified". A service
    /// whose terms say nothing of caching keeps the default: a plain
    /// `forecast(for:)` with no headers.
    func fetch(_ request: ForecastRequest, ifModifiedSince lastModified: String?) async throws(ForecastError) -> ForecastFetch
}

/// What a service's answer says about caching it (RFC 9111): when it goes
/// stale, and the validator to send back with a conditional request.
public struct CacheHeaders: Sendable, Equatable {
    /// No new request before this (MET Norway's terms).
    public var expires: Date?
    /// Sent back verbatim as `If-Modified-Since`, never a time made up here.
    public var lastModified: String?

    public init(expires: Date? = nil, lastModified: String? = nil) {
        self.expires = expires
        self.lastModified = lastModified
    }
}

/// The outcome of `ForecastService.fetch`.
public enum ForecastFetch: Sendable, Equatable {
    /// A new forecast, and a warning worth showing with it (a deprecated API version).
    case fetched(Forecast, CacheHeaders, warning: MessageText?)
    /// 304: the stored forecast is still the newest there is.
    case notModified(CacheHeaders)
}

extension ForecastService {
    /// Who the data comes from and how it must be credited.
    public var source: DataSource { provider.source }

    public func fetch(_ request: ForecastRequest, ifModifiedSince lastModified: String?) async throws(ForecastError) -> ForecastFetch {
        .fetched(try await forecast(for: request), CacheHeaders(), warning: nil)
    }
}

extension ForecastService {
    /// One request per place, at most `concurrentRequests` at once: a
    /// provider with no batch request is asked politely, in request order.
    public func forecasts(for requests: [ForecastRequest]) async throws(ForecastError) -> [Forecast] {
        let results = await withTaskGroup(of: (Int, Result<Forecast, ForecastError>).self) { group in
            var ordered = [Result<Forecast, ForecastError>?](repeating: nil, count: requests.count)
            var pending = requests.enumerated().makeIterator()
            func startNext() {
                guard let (index, request) = pending.next() else { return }
                group.addTask { (index, await result(for: request)) }
            }
            for _ in 0..<concurrentRequestLimit { startNext() }
            for await (index, result) in group {
                ordered[index] = result
                startNext()
            }
            return ordered
        }
        var forecasts: [Forecast] = []
        for result in results {
            switch result {
            case .success(let forecast)?: forecasts.append(forecast)
            case .failure(let error)?: throw error
            case nil: throw .invalidInput(MessageText("A forecast was not requested.")) // every index is filled above
            }
        }
        return forecasts
    }

    /// How many places the default `forecasts(for:)` asks for at once.
    private var concurrentRequestLimit: Int { 4 }

    private func result(for request: ForecastRequest) async -> Result<Forecast, ForecastError> {
        do throws(ForecastError) {
            return .success(try await forecast(for: request))
        } catch {
            return .failure(error)
        }
    }
}

/// Where data comes from and how it must be credited.
public struct DataSource: Sendable, Hashable, Codable {
    public var name: String
    public var url: String
    public var license: String
    public var attribution: String

    public init(name: String, url: String, license: String, attribution: String) {
        self.name = name
        self.url = url
        self.license = license
        self.attribution = attribution
    }

    /// Open-Meteo's Air Quality API, which serves CAMS forecasts; both are credited.
    public static let openMeteoAirQuality = DataSource(
        name: "Open-Meteo air quality (CAMS)",
        url: "https://open-meteo.com/en/docs/air-quality-api",
        license: "CC BY 4.0",
        attribution: "Air quality by Open-Meteo.com from CAMS (CC BY 4.0)"
    )
}
