import ForecastlyBase
import Foundation
import NetworkTransport
@testable import Places
import Testing
import TestSupport

/// The offline index first, the online geocoder only for names it does not
/// know, and "did you mean" when neither does: over the sample GeoNames
/// index and a stub geocoder on 127.0.0.1 serving the recorded answers.
@Suite struct PlaceResolverTests {
    struct Outcome {
        var result: Result<PlaceResolution, PlaceResolutionError>
        var requests: [StubHTTPServer.RecordedRequest]
    }

    func resolve(_ text: String, geocoder reply: StubHTTPServer.Reply?) async throws -> Outcome {
        let fixture = try GazetteerFixture.make()
        defer { fixture.remove() }
        return try await StubHTTPServer.with(always: reply ?? .respond(status: 500, body: [])) { server in
            return try await withTransport(userAgent: "forecastly-tests") { transport in
                let geocoder = try reply.map { _ in try OpenMeteoGeocoder(baseURL: URL(string: server.baseURL)!, transport: transport) }
                let resolver = PlaceResolver(gazetteer: fixture.gazetteer, geocoder: geocoder)
                let query = try PlaceQuery(text)
                let result: Result<PlaceResolution, PlaceResolutionError>
                do throws(PlaceResolutionError) { result = .success(try await resolver.resolve(query)) } catch { result = .failure(error) }
                return Outcome(result: result, requests: server.requests)
            }
        }
    }

    static let enschede = StubHTTPServer.Reply.file(Fixtures.url("open-meteo/geocoding_search_enschede.json"))
    static let noResults = StubHTTPServer.Reply.file(Fixtures.url("open-meteo/geocoding_no_results.json"))

    @Test func aNameTheIndexKnowsNeverGoesOnline() async throws {
        let outcome = try await resolve("Kyiv", geocoder: Self.enschede)
        let resolution = try outcome.result.get()
        #expect(resolution.place.name == "Kyiv")
        #expect(resolution.origin == .offline)
        #expect(outcome.requests.isEmpty)
    }

    @Test func anUnknownNameIsLookedUpOnlineWithTheCountryItNames() async throws {
        let outcome = try await resolve("Enschede, Netherlands", geocoder: Self.enschede)
        let resolution = try outcome.result.get()
        #expect(resolution.place.id == 2756071)
        #expect(resolution.origin == .online("127.0.0.1"))
        #expect(resolution.alternatives.map(\.id) == [6296691])
        #expect(outcome.requests.count == 1)
        #expect(outcome.requests.first?.query["name"] == "Enschede")
        #expect(outcome.requests.first?.query["countryCode"] == "NL")
    }

    /// "Holland" is no GeoNames name; the geocoder is asked for NL and its answer kept.
    @Test func aCountryAsPeopleWriteItIsSentAsItsCode() async throws {
        let outcome = try await resolve("Enschede, Holland", geocoder: Self.enschede)
        #expect(try outcome.result.get().place.id == 2756071)
        #expect(outcome.requests.first?.query["countryCode"] == "NL")
    }

    /// "IL" is Israel's code and Illinois's: sent as a country, the service
    /// would look in Israel. It is left to the answer's division instead.
    @Test func aStateCodeThatIsAlsoACountryCodeIsNotSentAsOne() async throws {
        let answer = #"""
            {"results":[{"id":4906500,"name":"Peoria Heights","latitude":40.74781,"longitude":-89.57399,
              "country_code":"US","country":"United States","admin1":"Illinois","population":5881}]}
            """#
        let outcome = try await resolve("Peoria Heights, IL", geocoder: .json(answer))
        #expect(try outcome.result.get().place.id == 4906500)
        #expect(outcome.requests.first?.query["countryCode"] == nil)
    }

    @Test func aQualifierThatIsNoCountryIsNotSentAsOne() async throws {
        let outcome = try await resolve("Enschede, Overijssel", geocoder: Self.enschede)
        #expect(try outcome.result.get().place.id == 2756071)
        #expect(outcome.requests.first?.query["countryCode"] == nil)
    }

    /// Nothing known anywhere: a usage error with the index's suggestions.
    @Test func unknownEverywhereSuggestsFromTheIndex() async throws {
        let outcome = try await resolve("Kyyv", geocoder: Self.noResults)
        guard case .failure(.notFound(let query, let suggestions, let onlineFailure)) = outcome.result else {
            Issue.record("\(outcome.result)"); return
        }
        #expect(query == "Kyyv")
        #expect(suggestions.first == "Kyiv, UA")
        #expect(onlineFailure == nil)
        #expect(PlaceResolutionError.notFound(query: query, suggestions: suggestions, onlineFailure: nil).exitStatus == .usage)
    }

    /// The geocoder down and nothing to suggest: unavailable (69), saying why.
    @Test func aFailedOnlineLookupIsReportedWithItsReason() async throws {
        let outcome = try await resolve("Zzyzx", geocoder: .respond(status: 502, body: Array("<html>Bad Gateway</html>".utf8)))
        guard case .failure(let error) = outcome.result, case .notFound(_, let suggestions, let onlineFailure) = error else {
            Issue.record("\(outcome.result)"); return
        }
        #expect(suggestions.isEmpty)
        #expect(onlineFailure?.text == "127.0.0.1 answered HTTP 502")
        #expect(error.exitStatus == .unavailable)
        #expect(error.userMessage.hasPrefix("No place called “Zzyzx” is in the offline index, and the online lookup failed (127.0.0.1 answered HTTP 502)."))
    }

    @Test func withoutAGeocoderOnlyTheIndexAnswers() async throws {
        let outcome = try await resolve("Enschede", geocoder: nil)
        guard case .failure(.notFound(_, _, nil)) = outcome.result else { Issue.record("\(outcome.result)"); return }
        #expect(outcome.requests.isEmpty)
    }

    /// A name several places of similar standing share says which was chosen;
    /// a city far larger than its namesakes needs no word (Paris, FR and
    /// Paris, TX), nor does a place found by another name (Berlin is North
    /// Canton's old name).
    @Test func aNameSeveralPlacesShareSaysWhichWasChosen() async throws {
        let springfield = try await resolve("Springfield", geocoder: nil).result.get()
        let note = try #require(springfield.ambiguityNote)
        #expect(note.hasPrefix("“Springfield” is Springfield, MO, US"))
        #expect(note.contains("it could also mean Springfield, MA, US; Springfield, IL, US"))
        #expect(note.hasSuffix("Add a country or state (\"Springfield, XX\") to choose another."))
        let paris = try await resolve("Paris", geocoder: nil).result.get()
        #expect(paris.place.countryCode == "FR")
        #expect(paris.alternatives.contains { $0.countryCode == "US" })
        #expect(paris.ambiguityNote == nil)
        #expect(try await resolve("Berlin", geocoder: nil).result.get().ambiguityNote == nil)
        #expect(try await resolve("Kyiv", geocoder: nil).result.get().ambiguityNote == nil)
    }
}
