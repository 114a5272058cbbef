@testable import ForecastCore
import Foundation
import LocationProvider
import NetworkTransport
import Testing
import ForecastlyBase

@Suite struct OpenMeteoConfigurationTests {
    @Test func defaultsToThePublicHost() throws {
        let configuration = try OpenMeteoConfiguration(environment: [:])
        #expect(configuration.baseURL.absoluteString == "https://api.open-meteo.com")
        #expect(configuration.apiKey == nil)
        #expect(configuration.serviceName == .openMeteo)
    }

    @Test func anApiKeySelectsTheCustomerHost() throws {
        let fromEnvironment = try OpenMeteoConfiguration(environment: ["FORECASTLY_OPEN_METEO_API_KEY": "k1"])
        #expect(fromEnvironment.baseURL.absoluteString == "https://customer-api.open-meteo.com")
        #expect(fromEnvironment.apiKey == "k1")
        let flagWins = try OpenMeteoConfiguration(environment: ["FORECASTLY_OPEN_METEO_API_KEY": "k1"], apiKey: "k2")
        #expect(flagWins.apiKey == "k2")
    }

    @Test func selfHostedServerKeepsItsURLAndGetsTheKey() throws {
        let configuration = try OpenMeteoConfiguration(environment: [
            "FORECASTLY_OPEN_METEO_URL": "https://weather.example.org/om", "FORECASTLY_OPEN_METEO_API_KEY": "k",
        ])
        #expect(configuration.baseURL.absoluteString == "https://weather.example.org/om")
        let service = OpenMeteoService(configuration: configuration, transport: NoTransport())
        let url = service.url(for: Sample.request)
        #expect(url.absoluteString.hasPrefix("https://weather.example.org/om/v1/forecast?latitude=45.5936&longitude=17.2251"))
        #expect(url.absoluteString.hasSuffix("&apikey=k"))
    }

    @Test(arguments: ["http://api.open-meteo.com", "http://192.168.1.10:8080", "ftp://127.0.0.1", "http://127.evil.com"])
    func plainHTTPOffLoopbackIsRefused(url: String) {
        #expect {
            _ = try OpenMeteoConfiguration(environment: ["FORECASTLY_OPEN_METEO_URL": url])
        } throws: { error in
            guard case ForecastError.transport(.insecureURL, _) = error else { return false }
            return (error as! ForecastError).exitStatus == .usage
        }
    }

    @Test(arguments: ["http://127.0.0.1:8080", "http://localhost:1234", "http://[::1]:9000", "http://127.1.2.3"])
    func plainHTTPOnLoopbackIsAllowed(url: String) throws {
        #expect(try OpenMeteoConfiguration(environment: ["FORECASTLY_OPEN_METEO_URL": url]).baseURL.absoluteString == url)
    }

    @Test(arguments: ["not a url", "://", "api.open-meteo.com"])
    func unusableURLIsAnInputError(url: String) {
        #expect {
            _ = try OpenMeteoConfiguration(environment: ["FORECASTLY_OPEN_METEO_URL": url])
        } throws: { error in
            (error as? ForecastError)?.exitStatus == .usage
        }
    }

    @Test func apiKeyWithControlCharactersIsRejected() {
        #expect(throws: ForecastError.self) { try OpenMeteoConfiguration(apiKey: "abc\ndef") }
    }

    @Test(arguments: [0, 17, -1])
    func daysOutOfRangeAreRejectedBeforeAnyRequest(days: Int) {
        #expect {
            _ = try ForecastRequest(coordinate: Sample.zagreb, days: days)
        } throws: { error in
            (error as? ForecastError)?.exitStatus == .usage
        }
    }
}

struct NoTransport: HTTPTransport {
    func get(_ url: URL, headers: [(name: String, value: String)]) async throws(TransportError) -> HTTPResponse {
        throw .other("no transport in this test")
    }
}

@Suite struct TerminalSafeTextTests {
    @Test(arguments: [
        ("plain reason", "plain reason"),
        ("red \u{1B}[31malert\u{1B}[0m", "red alert"),
        ("title \u{1B}]0;owned\u{07}after", "title after"),
        ("bell\u{07} and nul\u{0} and del\u{7F}", "bell and nul and del"),
        ("line\nbreaks\r\nfolded", "line breaks folded"),
        ("c1 \u{9B}2Jcsi", "c1 csi"),
        ("bidi \u{202E}txet", "bidi txet"),
        ("Київ 🌞", "Київ 🌞"),
    ])
    func controlsAreStripped(input: String, expected: String) {
        #expect(input.strippingTerminalControls() == expected)
    }

    @Test func lengthIsCapped() {
        #expect(String(repeating: "x", count: 10_000).strippingTerminalControls(limit: 50).count == 50)
    }
}

@Suite struct WhitespaceTrimmingTests {
    @Test(arguments: [
        (" 50.45 ", "50.45"),
        ("\t-33.9\n", "-33.9"),
        ("\u{00A0}Kyiv\u{2003}", "Kyiv"),
        ("inner space kept", "inner space kept"),
        ("   ", ""),
        ("", ""),
    ])
    func endsAreTrimmed(input: String, expected: String) {
        #expect(input.trimmingWhitespace() == expected)
        // A slice that does not start at its base's start, as split() gives.
        #expect("<\(input)>".dropFirst().dropLast().trimmingWhitespace() == expected)
    }
}

@Suite struct LoopbackHostTests {
    @Test(arguments: [
        ("localhost", true), ("LOCALHOST", true), ("127.0.0.1", true), ("127.255.0.9", true),
        ("::1", true), ("[::1]", true), ("[127.0.0.1]", true),
        ("128.0.0.1", false), ("127.0.0", false), ("127.0.0.256", false), ("[::2]", false),
        ("localhost.example.com", false), ("[localhost", false), ("", false),
    ])
    func loopback(host: String, expected: Bool) {
        #expect(EndpointPolicy.isLoopback(host: host) == expected)
    }
}

@Suite struct ValueFormatTests {
    @Test(arguments: [(0.0, "N"), (11.2, "N"), (11.3, "NNE"), (90, "E"), (225, "SW"), (315, "NW"), (359, "N"), (-45, "NW"), (720, "N")])
    func compass(degrees: Double, expected: String) {
        #expect(ValueFormat.compass(degrees) == expected)
    }

    @Test(arguments: [("Europe/Kyiv", "UTC+2"), ("Asia/Kolkata", "UTC+5:30"), ("America/St_Johns", "UTC-3:30"), ("GMT", "UTC"), ("America/Sao_Paulo", "UTC-3")])
    func offsetLabel(zone: String, label: String) throws {
        let clock = PlaceClock(timeZone: try #require(TimeZone(identifier: zone)))
        #expect(clock.offsetLabel(Sample.utc("2026-11-21T12:00")) == label)
    }

    @Test(arguments: [(0.0, 1, "0.0"), (-0.04, 1, "0.0"), (-0.06, 1, "-0.1"), (2.345, 2, "2.35"), (0.012, 2, "0.01"), (12.0, 0, "12"), (1.05, 3, "1.050"), (-3.5, 0, "-4")])
    func decimal(value: Double, places: Int, text: String) {
        #expect(ValueFormat.decimal(value, places: places) == text)
    }

    @Test(arguments: [
        (0.0, "0 s"), (-5.0, "0 s"), (59.4, "59 s"), (59.6, "1 min"), (3_599.0, "59 min"), (3_600.0, "1 h"), (3_660.0, "1 h 1 min"),
        (86_399.0, "23 h 59 min"), (86_400.0, "1 d"), (90_000.0, "1 d 1 h"), (2_592_000.0, "30 d"),
    ] as [(Double, String)])
    func age(seconds: Double, text: String) {
        #expect(ValueFormat.age(seconds) == text)
    }

    @Test(arguments: [(0, "0"), (999, "999"), (1_000, "1,000"), (234_908, "234,908"), (1_234_567, "1,234,567"), (-1_234, "-1,234")])
    func grouped(value: Int, text: String) {
        #expect(ValueFormat.grouped(value) == text)
    }

    /// A distance that rounds to 1,000 m is written in kilometres.
    @Test(arguments: [(0.0, "0 m"), (6.4, "6 m"), (999.4, "999 m"), (999.6, "1.0 km"), (1_000.0, "1.0 km"), (1_249.0, "1.2 km"), (36_400.0, "36.4 km")] as [(Double, String)])
    func distance(meters: Double, text: String) {
        #expect(ValueFormat.distance(meters) == text)
    }

    @Test func windNamesTheDirectionItComesFrom() {
        #expect(ValueFormat.wind(14.6, direction: 315, unit: "km/h") == "15 km/h NW")
        #expect(ValueFormat.wind(3, direction: nil, unit: "mph") == "3 mph")
        #expect(ValueFormat.wind(nil, direction: 90, unit: "km/h") == "–")
    }

    @Test func everyFixSaysWhereItCameFrom() throws {
        let kyiv = try Coordinate(latitude: 50.45, longitude: 30.52)
        let now = Date(timeIntervalSince1970: 1_795_000_000)
        func gpsd(_ meters: Double?, _ details: GPSDetails?) -> String {
            LocationFix(coordinate: kyiv, accuracyMeters: meters, source: .gpsd, timestamp: now, gps: details).sourceSummary
        }
        #expect(gpsd(8, GPSDetails(mode: 3, satellitesUsed: 6, satellitesVisible: 11)) == "gpsd, 3D fix ±8 m, 6 satellites")
        #expect(gpsd(nil, GPSDetails(mode: 2, satellitesUsed: 0, satellitesVisible: 3)) == "gpsd, 2D fix")
        #expect(gpsd(1_500, nil) == "gpsd ±1.5 km (approximate)")
        #expect(LocationFix(coordinate: kyiv, accuracyMeters: 5_000, source: .ip, timestamp: now).sourceSummary == "IP lookup, city level")
        #expect(LocationFix(coordinate: kyiv, accuracyMeters: nil, source: .manual, timestamp: now).sourceSummary == "your stored place")
    }

    @Test func temperatureNeverShowsNegativeZero() {
        #expect(ValueFormat.temperature(-0.4, unit: "°C") == "0°C")
        #expect(ValueFormat.temperature(-0.6, unit: "°C") == "-1°C")
        #expect(ValueFormat.temperature(nil, unit: "°C") == "–")
    }

    @Test(arguments: [("abc", 3), ("°C", 2), ("🌞", 2), ("☁️", 2), ("Київ", 4), ("東京", 4), ("e\u{301}", 1)])
    func displayWidth(text: String, cells: Int) {
        #expect(TextWidth.of(text) == cells)
    }

    @Test func localDateRoundTripsThroughDayNumbers() {
        for days in stride(from: -719_000, through: 2_900_000, by: 997) { // years 1…9909
            let date = LocalDate(daysSinceEpoch: days)
            #expect(date.daysSinceEpoch == days)
            #expect(LocalDate(iso8601: date.description) == date)
        }
        #expect(LocalDate(year: 2026, month: 11, day: 21)?.isoWeekday == 6) // a Saturday
        #expect(LocalDate(iso8601: "2024-02-29") != nil)
        #expect(LocalDate(iso8601: "2026-02-29") == nil)
    }
}
