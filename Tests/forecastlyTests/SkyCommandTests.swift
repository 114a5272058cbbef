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

    /// Longyearbyen is no town of the bundled index, and no town of it is
    /// within 500 km: the time-zone database's table names Svalbard's zone,
    /// whose summer time the longitude's nautical zone (UTC+1) missed by an hour.
    @Test func svalbardKeepsItsOwnTime() async throws {
        let result = try await CLI.run(["sky", "--lat", "78.22", "--lon", "15.65", "--date", "2026-09-01", "--days", "1", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let root = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect((root["location"] as? [String: Any])?["timezone"] as? String == "Arctic/Longyearbyen", "\(result.stdout)")
        let day = try #require((root["sky"] as? [[String: Any]])?.first)
        // Sunrise there on 1 September is near 03:30 local summer time (UTC+2).
        #expect((day["sunrise"] as? String)?.hasSuffix("+02:00") == true, "\(day)")
    }

    @Test func asciiAndTheTwelveHourClock() async throws {
        let result = try await CLI.run(["sky", "--lat", "-33.87", "--lon", "151.21", "--days", "1", "--clock", "12h"], environment: ["LANG": "C"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.unicodeScalars.allSatisfy { $0.isASCII }, "\(result.stdout)")
        #expect(result.stdout.contains(" AM") && result.stdout.contains(" PM"))
        #expect(result.stdout.contains("33.8700S, 151.2100E") || result.stdout.contains("33.8700 S"), "\(result.stdout)")
    }

    /// The place as the forecast takes it, and any day: the winter solstice
    /// in Kyiv, more than sixteen days from today, with its eight hours of day.
    @Test func aPlaceAsAnArgumentAndAnyDay() async throws {
        let result = try await CLI.run(["sky", "Kyiv", "--date", "2026-12-21", "--days", "2", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let root = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect((root["location"] as? [String: Any])?["name"] as? String == "Kyiv, UA")
        let sky = try #require(root["sky"] as? [[String: Any]])
        #expect(sky.map { $0["date"] as? String } == ["2026-12-21", "2026-12-22"])
        let length = try #require(sky.first?["dayLengthSeconds"] as? Int)
        #expect((28_000...29_500).contains(length), "\(length)")
        // A past day too, the place given as LAT,LON.
        let past = try await CLI.run(["sky", "50.45,30.52", "--date", "1999-06-21", "--days", "1", "--json"])
        let summer = try JSONSerialization.jsonObject(with: Data(past.stdout.utf8)) as? [String: Any]
        let summerDay = try #require((summer?["sky"] as? [[String: Any]])?.first)
        #expect(summerDay["date"] as? String == "1999-06-21" && (summerDay["dayLengthSeconds"] as? Int ?? 0) > 16 * 3600, "\(past.stdout)")
    }

    @Test(arguments: [["--days", "0"], ["--days", "17"], ["--json", "--ascii"], ["--city", "Kyiv", "--city", "Lviv"], ["--date", "2026-13-40"],
                      ["--date", "tomorrow"], ["Kyiv", "--city", "Lviv"]])
    func wrongArgumentsAreUsageErrors(arguments: [String]) async throws {
        let place = arguments.contains("--city") ? [] : ["--lat", "1", "--lon", "2"]
        let result = try await CLI.run(["sky"] + place + arguments)
        #expect(result.status == 64)
        #expect(result.stderrLines.count == 1, "\(result.stderr)")
    }
}
