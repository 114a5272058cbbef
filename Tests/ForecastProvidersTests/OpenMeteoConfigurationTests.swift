import ForecastCore
@testable import ForecastProviders
import ForecastSamples
import Foundation
import NetworkTransport
import Testing

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
}

struct NoTransport: HTTPTransport {
    func get(_ url: URL, headers: [(name: String, value: String)]) async throws(TransportError) -> HTTPResponse {
        throw .other("no transport in this test")
    }
}

