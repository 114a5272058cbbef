import Foundation

/// A weather API. Open-Meteo is the one forecastly ships; another provider
/// replaces it by conforming to this protocol (and tests use scripted ones).
public protocol ForecastService: Sendable {
    /// Who the data comes from, for attribution and error messages.
    var source: DataSource { get }

    func forecast(for request: ForecastRequest) async throws(ForecastError) -> Forecast
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
