import ForecastlyBase
import Foundation
import NetworkTransport
import Places
import Testing
import TestSupport

/// The online fallback for place names, over the real AsyncHTTPClient
/// transport against a stub on 127.0.0.1: the recorded answers in
/// Tests/Fixtures/open-meteo, and each way the service can fail.
@Suite struct OpenMeteoGeocoderTests {
    /// One search against a stub that always gives `reply`; the result and
    /// the request the geocoder sent.
    func search(
        _ text: String, countryCode: String? = nil, limit: Int = 10, reply: StubHTTPServer.Reply
    ) async throws -> (Result<[GazetteerPlace], GeocodingError>, StubHTTPServer.RecordedRequest?) {
        return try await StubHTTPServer.with(always: reply) { server in
            return try await withTransport(userAgent: "forecastly-tests") { transport in
                let geocoder = try OpenMeteoGeocoder(baseURL: URL(string: server.baseURL)!, transport: transport)
                let query = try PlaceQuery(text)
                let result: Result<[GazetteerPlace], GeocodingError>
                do throws(GeocodingError) {
                    result = .success(try await geocoder.search(query, countryCode: countryCode, limit: limit))
                } catch {
                    result = .failure(error)
                }
                return (result, server.requests.first)
            }
        }
    }

    static let enschede = StubHTTPServer.Reply.file(Fixtures.url("open-meteo/geocoding_search_enschede.json"))

    @Test func recordedAnswerBecomesPlacesInTheServicesOrder() async throws {
        let (result, request) = try await search("Enschede", reply: Self.enschede)
        let places = try result.get()
        #expect(places.map(\.id) == [2756071, 6296691])
        let city = try #require(places.first)
        #expect(city.name == "Enschede")
        #expect(city.countryCode == "NL")
        #expect(city.countryName == "The Netherlands")
        #expect(city.admin1 == "Overijssel")
        #expect(city.coordinate == (try Coordinate(latitude: 52.21833, longitude: 6.89583)))
        #expect(city.population == 153655)
        #expect(city.timeZone == "Europe/Amsterdam")
        #expect(places[1].population == 0)  // the airport's answer has no population

        let sent = try #require(request)
        #expect(sent.path == "/v1/search")
        #expect(sent.query["name"] == "Enschede")
        #expect(sent.query["count"] == "10")
        #expect(sent.query["language"] == "en")
        #expect(sent.query["countryCode"] == nil)
    }

    @Test func onlyTheNameIsSentAndTheCountIsClamped() async throws {
        let (_, request) = try await search("Enschede, Overijssel", countryCode: "NL", limit: 500, reply: Self.enschede)
        let sent = try #require(request)
        #expect(sent.query["name"] == "Enschede")
        #expect(sent.query["countryCode"] == "NL")
        #expect(sent.query["count"] == "100")
    }

    /// The service matches a qualifier loosely; the geocoder applies it as
    /// the offline index does: country code, country name or division.
    @Test(arguments: [
        ("Enschede, NL", 2), ("Enschede, the netherlands", 2), ("Enschede, Overijssel", 2),
        ("Enschede, DE", 0), ("Enschede, NL, Gelderland", 0),
    ])
    func qualifiersFilterTheAnswer(text: String, expected: Int) async throws {
        let (result, _) = try await search(text, reply: Self.enschede)
        #expect(try result.get().count == expected)
    }

    /// Open-Meteo names a US state in full; people type its code or its name.
    @Test(arguments: [
        ("Paris, TX", [2]), ("Paris, Texas", [2]), ("Paris, US", [2, 3]), ("Paris, USA", [2, 3]),
        ("Paris, France", [1]), ("Paris, Tennessee", [3]), ("Paris, TN", [3]), ("Paris, UK", []),
    ])
    func statesAndCountriesAsPeopleWriteThem(text: String, ids: [Int]) async throws {
        let answer = #"""
            {"results":[
             {"id":1,"name":"Paris","latitude":48.85341,"longitude":2.3488,"country_code":"FR","country":"France","admin1":"Île-de-France"},
             {"id":2,"name":"Paris","latitude":33.66094,"longitude":-95.55551,"country_code":"US","country":"United States","admin1":"Texas"},
             {"id":3,"name":"Paris","latitude":36.302,"longitude":-88.32671,"country_code":"US","country":"United States","admin1":"Tennessee"}]}
            """#
        let (result, _) = try await search(text, reply: .json(answer))
        #expect(try result.get().map(\.id) == ids)
    }

    @Test func anAnswerWithoutResultsMeansNoPlace() async throws {
        let (result, _) = try await search("Qwxzvbnm", reply: .file(Fixtures.url("open-meteo/geocoding_no_results.json")))
        #expect(try result.get().isEmpty)
    }

    /// Text from the network reaches a terminal, so its control characters
    /// go; a result with impossible coordinates is dropped, not the answer.
    @Test func namesAreStrippedAndImpossibleCoordinatesDropped() async throws {
        let body = #"""
        {"results": [
          {"id": 1, "name": "Evil\u001b]0;owned\u0007town", "latitude": 91, "longitude": 0},
          {"id": 2, "name": "Bell\u0007ville\u001b[2J", "latitude": 10, "longitude": 20, "country_code": "X\u001bY"}
        ]}
        """#
        let (result, _) = try await search("Bellville", reply: .json(body))
        let places = try result.get()
        #expect(places.map(\.id) == [2])
        #expect(places.first?.name == "Bellville")
        #expect(places.first?.countryCode.unicodeScalars.allSatisfy { $0.value >= 0x20 } == true)
    }

    /// The answer is protobuf's JSON, which leaves out every field whose
    /// value is zero or empty: a place on the equator or the prime meridian
    /// has no latitude or longitude, and a result without a name is useless.
    @Test func fieldsLeftOutAreZeroAndNamelessResultsAreDropped() async throws {
        let body = #"{"results": [{"id": 1, "name": "Meridian", "latitude": 51.5}, {"id": 2, "latitude": 3, "longitude": 4}, {"name": "Equator", "longitude": 9.5}]}"#
        let (result, _) = try await search("Meridian", reply: .json(body))
        let places = try result.get()
        #expect(places.map(\.name) == ["Meridian", "Equator"])
        #expect(places.map(\.coordinate) == [try Coordinate(latitude: 51.5, longitude: 0), try Coordinate(latitude: 0, longitude: 9.5)])
        #expect(places.map(\.id) == [1, 0])
    }

    struct Failure: Sendable, CustomTestStringConvertible {
        var name: String
        var reply: StubHTTPServer.Reply
        var expected: GeocodingError
        var testDescription: String { name }
    }

    @Test(arguments: [
        Failure(name: "400 with a reason", reply: .json(#"{"error":true,"reason":"Parameter count must be between 1 and 100."}"#, status: 400),
                expected: .httpStatus(400, reason: "Parameter count must be between 1 and 100.", service: "127.0.0.1")),
        Failure(name: "HTML 502 page", reply: .respond(status: 502, headers: [("Content-Type", "text/html")], body: Array("<html><body>Bad Gateway</body></html>".utf8)),
                expected: .httpStatus(502, reason: nil, service: "127.0.0.1")),
        Failure(name: "truncated JSON", reply: .json(#"{"results": [{"id": 1, "name": "Ensch"#),
                expected: .undecodable(service: "127.0.0.1")),
        Failure(name: "wrong shape", reply: .json(#"{"results": {"id": 1}}"#),
                expected: .undecodable(service: "127.0.0.1")),
        Failure(name: "a field of the wrong type", reply: .json(#"{"results": [{"id": "one", "name": "Enschede"}]}"#),
                expected: .undecodable(service: "127.0.0.1")),
    ])
    func serviceFailuresAreTyped(failure: Failure) async throws {
        let (result, _) = try await search("Enschede", reply: failure.reply)
        #expect(throws: failure.expected) { try result.get() }
        #expect(!failure.expected.reason.text.isEmpty)
    }

    @Test func aRefusedConnectionIsATransportError() async throws {
        try await withTransport(userAgent: "forecastly-tests") { transport in
            let geocoder = try OpenMeteoGeocoder(baseURL: URL(string: "http://127.0.0.1:9")!, transport: transport)
            let query = try PlaceQuery("Enschede")
            let error = await #expect(throws: GeocodingError.self) { try await geocoder.search(query) }
            guard case .transport(.connectionRefused(let host, let port), let service)? = error else {
                Issue.record("expected a refused connection, got \(String(describing: error))")
                return
            }
            #expect(host == "127.0.0.1" && port == 9 && service == "127.0.0.1")
            #expect(error?.reason.text.hasPrefix("127.0.0.1: ") == true)
        }
    }

    @Test(arguments: ["not a url", "http://example.com", "ftp://example.com/"])
    func aBadURLInTheEnvironmentIsRefused(text: String) async throws {
        try await withTransport(userAgent: "forecastly-tests") { transport in
            let error = #expect(throws: GeocodingError.self) {
                try OpenMeteoGeocoder(environment: [OpenMeteoGeocoder.urlVariable: text], transport: transport)
            }
            guard case .invalidURL? = error else {
                Issue.record("expected invalidURL, got \(String(describing: error))")
                return
            }
        }
    }

    @Test func theEnvironmentChoosesTheServer() async throws {
        try await withTransport(userAgent: "forecastly-tests") { transport in
            let unset = try OpenMeteoGeocoder(environment: [:], transport: transport)
            let empty = try OpenMeteoGeocoder(environment: [OpenMeteoGeocoder.urlVariable: ""], transport: transport)
            let local = try OpenMeteoGeocoder(environment: [OpenMeteoGeocoder.urlVariable: "http://127.0.0.1:8080"], transport: transport)
            #expect(unset.baseURL == OpenMeteoGeocoder.defaultURL)
            #expect(empty.baseURL == OpenMeteoGeocoder.defaultURL)
            #expect(local.serviceName == "127.0.0.1")
        }
    }
}
