import Foundation

/// A weather API. Open-Meteo is the one forecastly ships; another provider
/// replaces it by conforming to this protocol (and tests use scripted ones).
public protocol ForecastService: Sendable {
    /// Who the data comes from, for attribution and error messages.
    var source: DataSource { get }

    func forecast(for request: ForecastRequest) async throws(ForecastError) -> Forecast

    /// Forecasts for several places, in the order of `requests`. A service
    /// that can answer many places at once (Open-Meteo can) overrides this;
    /// the default asks for each place concurrently.
    func forecasts(for requests: [ForecastRequest]) async throws(ForecastError) -> [Forecast]
}

extension ForecastService {
    public func forecasts(for requests: [ForecastRequest]) async throws(ForecastError) -> [Forecast] {
        let results = await withTaskGroup(of: (Int, Result<Forecast, ForecastError>).self) { group in
            for (index, request) in requests.enumerated() {
                group.addTask { (index, await result(for: request)) }
            }
            var ordered = [Result<Forecast, ForecastError>?](repeating: nil, count: requests.count)
            for await (index, result) in group { ordered[index] = result }
            return ordered
        }
        var forecasts: [Forecast] = []
        for result in results {
            switch result {
            case .success(let forecast)?: forecasts.append(forecast)
            case .failure(let error)?: throw error
            case nil: throw .invalidInput("A forecast was not requested.") // every index is filled above
            }
        }
        return forecasts
    }

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

    public static let openMeteo = DataSource(
        name: "Open-Meteo",
        url: "https://open-meteo.com/",
        license: "CC BY 4.0",
        attribution: "Weather data by Open-Meteo.com (CC BY 4.0)"
    )
}
