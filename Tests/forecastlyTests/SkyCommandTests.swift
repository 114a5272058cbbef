import Foundation
import Testing
import TestSupport

/// `forecastly sky`: computed on the machine, so it asks no service.
@Suite struct SkyCommandTests {
    @Test func theSkyAsksNoServiceAndShowsEachDay() async throws {
        try await StubHTTPServer.with(handler: FullResponse.handler()) { server in
            let result = try await CLI.run(["sky", "--lat", "50.45", "--lon", "30.52", "--days", "3"], server: server, environment: ["FORECASTLY_GEOCODING_URL": server.baseURL])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(server.requests.isEmpty, "\(server.requests.map(\.path))")
            let lines = result.stdout.split(separator: "\n").map(String.init)
            #expect(lines.first == "Kyiv, UA · 50.4500°N, 30.5200°E · Europe/Kyiv")
            // Three days, each with its Sun and its Moon.
            #expect(lines.filter { $0.contains("Dawn ") && $0.contains("Sunrise ") }.count == 3, "\(result.stdout)")
            #expect(lines.filter { $0.contains("Day ") && $0.contains(" min") }.count == 3)
            #expect(lines.filter { $0.range(of: #"(New moon|crescent|quarter|gibbous|Full moon) \d+%"#, options: .regularExpression) != nil }.count == 3)
            #expect(result.stderr.isEmpty)
        }
    }

    @Test func jsonHasThePlaceAndTheDays() async throws {
        let result = try await CLI.run(["sky", "--city", "Tromsø", "--days", "2", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let root = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let location = try #require(root["location"] as? [String: Any])
        #expect(location["name"] as? String == "Tromsø, NO")
        #expect(location["timezone"] as? String == "Europe/Oslo")
        let sky = try #require(root["sky"] as? [[String: Any]])
        #expect(sky.count == 2)
        #expect(sky.allSatisfy { ["risesAndSets", "polarDay", "polarNight"].contains($0["sun"] as? String ?? "") })
    }

    @Test func asciiAndTheTwelveHourClock() async throws {
        let result = try await CLI.run(["sky", "--lat", "-33.87", "--lon", "151.21", "--days", "1", "--clock", "12h"], environment: ["LANG": "C"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.unicodeScalars.allSatisfy { $0.isASCII }, "\(result.stdout)")
        #expect(result.stdout.contains(" AM") && result.stdout.contains(" PM"))
        #expect(result.stdout.contains("33.8700S, 151.2100E") || result.stdout.contains("33.8700 S"), "\(result.stdout)")
    }

    @Test(arguments: [["--days", "0"], ["--days", "17"], ["--json", "--ascii"], ["--city", "Kyiv", "--city", "Lviv"]])
    func wrongArgumentsAreUsageErrors(arguments: [String]) async throws {
        let place = arguments.contains("--city") ? [] : ["--lat", "1", "--lon", "2"]
        let result = try await CLI.run(["sky"] + place + arguments)
        #expect(result.status == 64)
        #expect(result.stderrLines.count == 1, "\(result.stderr)")
    }
}
