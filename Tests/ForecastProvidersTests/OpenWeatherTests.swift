@testable import ForecastCore
import ForecastlyBase
@testable import ForecastProviders
import Foundation
import NetworkTransport
import Testing
import TestSupport

/// OpenWeather's recorded answers as forecasts, and the service over the
/// real transport against a stub serving them.
@Suite struct OpenWeatherTests {
    static let london = try! Coordinate(latitude: 51.5073, longitude: -0.1277)
    static let request = try! ForecastRequest(coordinate: london, days: 7)
    static let key = "0123456789abcdef0123456789abcdef"

    static func decode<T: Decodable>(_ type: T.Type, _ file: String) throws -> T {
        try JSONDecoder().decode(T.self, from: try Fixtures.data("openweather/\(file)"))
    }

    static let currentFiles = [
        "weather_2.5_lisbon_metric_2026-08-01.json", "weather_2.5_london_standard_2020-04-28.json",
        "weather_2.5_manila_metric_rain_2026-08-01.json", "weather_2.5_moscow_imperial_lang-ru_2020-05-01.json",
        "weather_2.5_newyork_by-name_standard_no-wind-deg_2020-04-28.json",
    ]

    /// Every recorded current answer reads, with each recorded five-day
    /// answer: days in the place's calendar, three-hour steps marked as such.
    @Test(arguments: currentFiles, ["forecast_2.5_london_standard_2025-03-20.json", "forecast_2.5_adelphi-maryland_standard_2025-03-20.json"])
    func everyRecordedFreeAnswerBecomesAForecast(current: String, fiveDays: String) throws {
        let now = try Self.decode(OpenWeatherPayload.Current.self, current)
        let steps = try Self.decode(OpenWeatherPayload.FiveDays.self, fiveDays)
        let forecast = try OpenWeatherPayload.forecast(current: now, fiveDays: steps, requested: Self.request, timeZone: TimeZone(identifier: "Europe/London")!)
        #expect(forecast.provider == .openWeather)
        #expect(forecast.current?.weatherCode != nil)
        #expect(forecast.hourly.allSatisfy { $0.stepHours == 3 })
        #expect(forecast.daily.count >= 5 && forecast.daily.count <= 6)
        #expect(forecast.daily.allSatisfy { $0.temperatureMax! >= $0.temperatureMin! && $0.sunrise != nil })
    }

    @Test func londonsFiveDaysAreAggregatedInLondonsCalendar() throws {
        let steps = try Self.decode(OpenWeatherPayload.FiveDays.self, "forecast_2.5_london_standard_2025-03-20.json")
        let now = try Self.decode(OpenWeatherPayload.Current.self, "weather_2.5_london_standard_2020-04-28.json")
        let forecast = try OpenWeatherPayload.forecast(current: now, fiveDays: steps, requested: Self.request, timeZone: TimeZone(identifier: "Europe/London")!)
        // 21 March 2025 (GMT): the eight steps 00:00Z…21:00Z; the recording is kelvin, as sent without units.
        let day = try #require(forecast.daily.first { $0.date == LocalDate(iso8601: "2025-03-21") })
        let sameDay = steps.list.filter { (1_742_515_200..<1_742_601_600).contains($0.dt) }
        #expect(sameDay.count == 8)
        let temperatures = sameDay.flatMap { [$0.main.temp, $0.main.tempMin!, $0.main.tempMax!] }
        #expect(day.temperatureMax == temperatures.max())
        #expect(day.temperatureMin == temperatures.min())
        #expect(day.precipitationProbabilityMax == sameDay.compactMap(\.pop).max().map { $0 * 100 })
    }

    @Test func oneCallGivesHoursDaysAndItsOwnTimeZone() throws {
        let oneCall = try Self.decode(OpenWeatherPayload.OneCall.self, "onecall_3.0_greenwich_standard_2024-10-25.json")
        let forecast = try OpenWeatherPayload.forecast(oneCall: oneCall, requested: Self.request, fallbackTimeZone: .gmt)
        #expect(forecast.timeZone.identifier == "Europe/London")
        #expect(forecast.hourly.count == 48)
        #expect(forecast.hourly.allSatisfy { $0.stepHours == nil })
        #expect(forecast.daily.count == 7)  // 8 sent, 7 asked for
        #expect(forecast.daily.first?.date == LocalDate(iso8601: "2024-10-25"))
        #expect(forecast.daily.first?.uvIndexMax != nil)
        #expect(forecast.current?.precipitation == 0.29)
    }

    static let conditions: [(Int, WeatherCondition?)] = [
        (200, .thunderstorm), (300, .lightDrizzle), (314, .moderateRainShowers), (500, .slightRain), (511, .lightFreezingRain),
        (522, .violentRainShowers), (600, .slightSnowFall), (611, .rainAndSnow), (622, .heavySnowShowers), (701, .fog),
        (711, .smoke), (721, .haze), (761, .dust), (771, .squalls), (781, .tornado), (800, .clearSky), (804, .overcast),
        (762, nil), (999, nil), (-1, nil),
    ]

    @Test(arguments: conditions)
    func conditionIdsMapOntoTheSharedSet(id: Int, condition: WeatherCondition?) {
        #expect(OpenWeatherCondition.condition(id: id) == condition)
    }

    /// Asked in metric, OpenWeather gives wind in m/s; it is kept in km/h
    /// like every provider's, with the pressure, clouds and visibility it sends.
    @Test func metricAnswerIsKeptAsProvidedWithItsNewQuantities() throws {
        let lisbon = try Self.decode(OpenWeatherPayload.Current.self, "weather_2.5_lisbon_metric_2026-08-01.json")
        let steps = try Self.decode(OpenWeatherPayload.FiveDays.self, "forecast_2.5_london_standard_2025-03-20.json")
        let request = try ForecastRequest(coordinate: Self.london, days: 3)
        let forecast = try OpenWeatherPayload.forecast(current: lisbon, fiveDays: steps, requested: request, timeZone: .gmt)
        let now = try #require(forecast.current)
        #expect(now.temperature == 22.55)
        #expect(abs((now.windSpeed ?? 0) - 4.47 * 3.6) < 1e-9)
        #expect(abs((now.windGusts ?? 0) - 7.6 * 3.6) < 1e-9)
        #expect(now.pressure == 1016 && now.cloudCover == 48 && now.visibility == 10000)
        #expect(forecast.units == .asProvided)
        let shown = forecast.converted(to: UnitSystem.imperial.units)
        #expect(abs((shown.current?.temperature ?? 0) - 72.59) < 1e-9)
        #expect(abs((shown.current?.windSpeed ?? 0) - 4.47 * 3600 / 1609.344) < 1e-9)
        #expect(shown.units.temperature == "°F")
    }

    // MARK: The service

    static func withService<T>(
        handler: @escaping @Sendable (StubHTTPServer.RecordedRequest) -> StubHTTPServer.Reply, oneCall: Bool = false,
        limits: AsyncHTTPClientTransport.Limits = .underTest,
        _ body: (OpenWeatherService, StubHTTPServer) async throws -> T
    ) async throws -> T {
        try await StubHTTPServer.with(handler: handler) { server in
            return try await withTransport(userAgent: Forecastly.userAgent, limits: limits) { transport in
                let configuration = try OpenWeatherConfiguration(
                    endpoint: try ServiceEndpoint(.openWeather, publicURL: OpenWeatherConfiguration.publicBaseURL, baseURL: URL(string: server.baseURL)!),
                    apiKey: Self.key, oneCall: oneCall)
                return try await body(OpenWeatherService(configuration: configuration, transport: transport, timeZone: { _ in .gmt }), server)
            }
        }
    }

    /// The recordings as they answer a metric request: the five-day and One
    /// Call ones were recorded in standard units (kelvin), so their
    /// temperatures are moved to °C, as OpenWeather sends them with `units=metric`.
    static let recorded: @Sendable (StubHTTPServer.RecordedRequest) -> StubHTTPServer.Reply = { request in
        switch request.path {
        case "/data/2.5/weather": .file(Fixtures.url("openweather/weather_2.5_lisbon_metric_2026-08-01.json"))
        case "/data/2.5/forecast": .json(celsius(fromKelvin: "openweather/forecast_2.5_london_standard_2025-03-20.json"))
        case "/data/3.0/onecall": .json(celsius(fromKelvin: "openweather/onecall_3.0_greenwich_standard_2024-10-25.json"))
        default: .respond(status: 404, body: Array(#"{"cod":"404","message":"Internal error"}"#.utf8))
        }
    }

    static let temperatureKeys: Set<String> = ["temp", "feels_like", "temp_min", "temp_max", "dew_point", "day", "min", "max", "night", "eve", "morn"]

    static func celsius(fromKelvin fixture: String) -> String {
        func convert(_ value: Any, key: String?) -> Any {
            switch value {
            case let object as [String: Any]:
                // Daily `temp` and `feels_like` are objects of temperatures (`day`, `min`, …).
                return object.reduce(into: [String: Any]()) { result, entry in result[entry.key] = convert(entry.value, key: entry.key) }
            case let array as [Any]: return array.map { convert($0, key: key) }
            case let number as Double where key.map(temperatureKeys.contains) == true: return number - 273.15
            default: return value
            }
        }
        guard let data = try? Data(contentsOf: Fixtures.url(fixture)), let root = try? JSONSerialization.jsonObject(with: data),
              let converted = try? JSONSerialization.data(withJSONObject: convert(root, key: nil)) else { return "{}" }
        return String(decoding: converted, as: UTF8.self)
    }

    /// A kelvin answer to a metric request is no weather on Earth: bad data, naming the field, never shown.
    @Test func aKelvinAnswerToAMetricRequestIsBadData() async throws {
        try await Self.withService(handler: { _ in .file(Fixtures.url("openweather/onecall_3.0_greenwich_standard_2024-10-25.json")) }, oneCall: true) { service, _ in
            let error = await #expect(throws: ForecastError.self) { try await service.forecast(for: Self.request) }
            #expect(error?.exitStatus == .dataError)
            #expect(error?.userMessage.contains("current.temperature") == true, "\(error?.userMessage ?? "")")
        }
    }

    @Test func aFreeKeyAsksForCurrentWeatherAndTheFiveDayForecastWithUnitsAndTheKey() async throws {
        try await Self.withService(handler: Self.recorded) { service, server in
            let forecast = try await service.forecast(for: Self.request)
            #expect(forecast.provider == .openWeather)
            #expect(Set(server.requests.map(\.path)) == ["/data/2.5/weather", "/data/2.5/forecast"])
            for sent in server.requests {
                #expect(sent.query["units"] == "metric")
                #expect(sent.query["appid"] == Self.key)
                #expect(sent.query["lat"] == "51.5073")
            }
        }
    }

    @Test func oneCallIsOneRequest() async throws {
        try await Self.withService(handler: Self.recorded, oneCall: true) { service, server in
            let forecast = try await service.forecast(for: Self.request)
            #expect(server.requests.map(\.path) == ["/data/3.0/onecall"])
            #expect(forecast.hourly.count == 48)
        }
    }

    static let errors: [(String, Int, ForecastlyBase.ExitStatus)] = [
        ("error_401_invalid_api_key_2020-04-28.json", 401, .noPermission),
        ("error_429_account_blocked_from-issue_2024.json", 429, .temporaryFailure),
        ("error_400_wrong_latitude_geo-reverse_2026.json", 400, .dataError),
    ]

    /// OpenWeather's own error bodies: its message quoted, the right exit
    /// status, and the key nowhere in what is printed.
    @Test(arguments: errors)
    func recordedErrorsKeepTheirMessageAndNeverShowTheKey(file: String, status: Int, exit: ForecastlyBase.ExitStatus) async throws {
        let body = try Fixtures.bytes("openweather/\(file)") + Array(" \(Self.key)".utf8)  // a server that echoes the key
        try await Self.withService(handler: { _ in .respond(status: status, body: body) }) { service, _ in
            let error = await #expect(throws: ForecastError.self) { try await service.forecast(for: Self.request) }
            #expect(error?.exitStatus == exit)
            #expect(error?.userMessage.contains(Self.key) == false)
            if status == 401 { #expect(error?.advice?.contains("not active yet") == true) }
        }
    }

    @Test func aRefusedConnectionNeverShowsTheKey() async throws {
        // Loopback's discard port: refused. (A port a stub was closed on may
        // be bound again at once by a parallel test's server.)
        let port = 9
        try await withTransport(userAgent: Forecastly.userAgent) { transport in
            let configuration = try OpenWeatherConfiguration(
                endpoint: try ServiceEndpoint(.openWeather, publicURL: OpenWeatherConfiguration.publicBaseURL, baseURL: URL(string: "http://127.0.0.1:\(port)")!),
                apiKey: Self.key)
            let service = OpenWeatherService(configuration: configuration, transport: transport, timeZone: { _ in .gmt })
            let error = await #expect(throws: ForecastError.self) { try await service.forecast(for: Self.request) }
            #expect(error?.exitStatus == .unavailable)
            #expect(error?.userMessage.contains(Self.key) == false)
            #expect(error?.advice?.contains("FORECASTLY_OPENWEATHER_URL") == true)
        }
    }

    @Test func aMissingOrDamagedKeyIsAUsageError() {
        #expect(throws: ForecastError.self) { try OpenWeatherConfiguration(environment: [:]) }
        #expect(throws: ForecastError.self) { try OpenWeatherConfiguration(environment: [:], apiKey: "two words") }
        #expect((try? OpenWeatherConfiguration(environment: ["FORECASTLY_OPENWEATHER_API_KEY": Self.key, "FORECASTLY_OPENWEATHER_ONECALL": "1"]))?.oneCall == true)
    }

    static let badAnswers: [(String, StubHTTPServer.Reply, ForecastlyBase.ExitStatus)] = [
        ("truncated", .respond(status: 200, body: Array(#"{"coord":{"lon":1,"lat":"#.utf8)), .dataError),
        ("wrong shape", .json(#"{"list":"none"}"#), .dataError),
        ("HTML page", .respond(status: 200, headers: [("Content-Type", "text/html")], body: Array("<html>oops</html>".utf8)), .dataError),
        ("HTML error page", .respond(status: 502, headers: [("Content-Type", "text/html")], body: Array("<html>bad gateway</html>".utf8)), .unavailable),
        ("50 MB body", .stream(status: 200, total: 50 << 20, declareLength: true), .dataError),
        ("never answers", .hang, .temporaryFailure),
    ]

    @Test(arguments: badAnswers)
    func everyBadAnswerIsOneLineWithItsExitStatus(name: String, reply: StubHTTPServer.Reply, exit: ForecastlyBase.ExitStatus) async throws {
        try await Self.withService(handler: { _ in reply }, limits: BadAnswerCheck.limits(for: name)) { service, _ in
            let error = await BadAnswerCheck.expect(name, exit: exit) { try await service.forecast(for: Self.request) }
            #expect(error?.userMessage.contains("oops") == false)
        }
    }
}
