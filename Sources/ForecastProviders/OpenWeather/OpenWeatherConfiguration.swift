public import ForecastCore
import ForecastlyBase
public import Foundation

/// Where OpenWeather lives, the user's key, and which API the key may use.
public struct OpenWeatherConfiguration: Sendable {
    public static let publicBaseURL = URL(string: "https://api.openweathermap.org")!
    public static let apiKeyVariable = WeatherProvider.openWeather.apiKeyVariable ?? ""
    /// Set to 1 when the key includes One Call 3.0 (a subscription of its own).
    public static let oneCallVariable = WeatherProvider.openWeather.plans[0].environmentVariable

    public let endpoint: ServiceEndpoint
    /// Sent as `appid`; never shown, logged or stored.
    let apiKey: String
    /// One Call 3.0 (hourly, 8 days) instead of the free current weather and 5 day / 3 hour forecast.
    public let oneCall: Bool

    public init(endpoint: ServiceEndpoint, apiKey: String?, oneCall: Bool = false) throws(ForecastError) {
        guard let apiKey = apiKey?.trimmingWhitespace(), !apiKey.isEmpty else {
            throw .invalidInput(MessageText("OpenWeather needs an API key: set {variable}, put openweather-api-key in config.toml (mode 600), or give --api-key KEY (a free key: https://home.openweathermap.org/users/sign_up).", ["variable": Self.apiKeyVariable]))
        }
        guard apiKey.unicodeScalars.allSatisfy({ (0x21..<0x7F).contains($0.value) }) else {
            throw .invalidInput(MessageText("The OpenWeather API key contains spaces or characters that are not plain ASCII."))
        }
        self.endpoint = endpoint
        self.apiKey = apiKey
        self.oneCall = oneCall
    }

    /// `FORECASTLY_OPENWEATHER_URL`, the key (an explicit `apiKey`, from
    /// `--api-key`, wins over the environment) and One Call.
    public init(environment: [String: String], apiKey: String? = nil, oneCall: Bool = false) throws(ForecastError) {
        let endpoint = try ServiceEndpoint(.openWeather, publicURL: Self.publicBaseURL, environment: environment)
        try self.init(endpoint: endpoint, apiKey: apiKey ?? environment[Self.apiKeyVariable],
                      oneCall: oneCall || environment[Self.oneCallVariable] == "1")
    }
}
