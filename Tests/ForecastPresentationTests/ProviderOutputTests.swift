@testable import ForecastCore
import ForecastlyBase
@testable import ForecastPresentation
import ForecastSamples
import Foundation
import Testing
import TestSupport

/// The provider-independent outputs (report, one line, JSON) from each
/// provider's recorded answer: each names its provider, and the hourly
/// table says where the steps widen instead of inventing hours.
@Suite struct ProviderOutputTests {
    static func met() throws -> Forecast { try Sample.metNorwayBerlin() }

    static func openWeather() throws -> Forecast { try Sample.openWeatherLondon() }

    /// MET's recorded answers are hourly for the whole 48 hours shown, and
    /// credited to MET.
    @Test func metNorwaysReportIsCredited() throws {
        let forecast = try Self.met()
        let report = ForecastReport(forecast: forecast, placeName: "Berlin, DE", hours: 48, style: .plain, source: forecast.provider.source).render()
        #expect(report.hasSuffix("Weather data by MET Norway (CC BY 4.0)\n"))
        #expect(report.contains("\nNext hours  temperature"))
        #expect(!report.contains("in steps of"))
        #expect(!report.contains("feels like"))  // MET sends none; none is made up
    }

    /// Where a series widens from hours to six-hour steps, one line says so
    /// just before the first wide step.
    @Test func theHourlyTableSaysWhereStepsWiden() throws {
        var forecast = Sample.zagrebForecast
        let hours = Array(forecast.upcomingHours().prefix(6))
        forecast.hourly = hours.enumerated().map { index, hour in
            var hour = hour
            if index >= 3 {
                hour.time = hours[2].time.addingTimeInterval(Double(index - 2) * 6 * 3600)
                hour.stepHours = 6
            }
            return hour
        }
        let report = ForecastReport(forecast: forecast, placeName: nil, hours: 6, style: .plain, source: .metNorway).render()
        let lines = report.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let title = try #require(lines.firstIndex { $0.hasPrefix("Next hours") })
        #expect(lines[title + 4] == "  then in steps of 6 hours")
        #expect(lines.filter { $0.contains("in steps of") }.count == 1)
    }

    @Test func openWeathersThreeHourStepsAreNamedAsSuch() throws {
        let forecast = try Self.openWeather()
        let report = ForecastReport(forecast: forecast, placeName: nil, hours: 4, style: .plain, source: forecast.provider.source).render()
        #expect(report.contains("Next hours, in steps of 3 hours"))
        #expect(!report.contains("then in steps"))
        #expect(report.hasSuffix("Weather data by OpenWeather (CC BY-SA 4.0)\n"))
    }

    @Test(arguments: [WeatherProvider.metNorway, .openWeather])
    func jsonNamesTheProviderAndItsSteps(provider: WeatherProvider) throws {
        let forecast = provider == .metNorway ? try Self.met() : try Self.openWeather()
        let document = ForecastDocument(forecast: forecast, placeName: nil, units: .metric, source: forecast.provider.source, generatedAt: Date(), hours: 48)
        let json = try #require(try JSONSerialization.jsonObject(with: document.encoded()) as? [String: Any])
        let source = try #require(json["source"] as? [String: Any])
        #expect(source["provider"] as? String == provider.rawValue)
        #expect(json["attribution"] as? String == provider.source.attribution)
        let steps = (json["hourly"] as? [[String: Any]] ?? []).compactMap { $0["stepHours"] as? Int }
        #expect(!steps.isEmpty)
        #expect(Set(steps) == (provider == .openWeather ? [3] : [1]))
    }

    @Test func theOneLineWorksForEveryProvider() throws {
        for forecast in [try Self.met(), try Self.openWeather(), Sample.zagrebForecast] {
            let line = try LineTemplate(LineTemplate.defaultLine).render(forecast, placeName: nil)
            #expect(line.contains(forecast.units.temperature), "\(line)")
        }
    }

    /// Every line of a report fits the width it is given, whoever the
    /// provider: the legends shorten, a long note breaks between words.
    @Test(arguments: [60, 80])
    func everyLineFitsTheWidth(width: Int) throws {
        for forecast in [try Self.met(), try Self.openWeather()] {
            guard let start = forecast.current?.time ?? forecast.hourly.first?.time else { continue }
            var report = ForecastReport(forecast: forecast, placeName: "Waterfront Communities-The Island, CA", hours: 8, style: .plain,
                                        source: forecast.provider.source,
                                        notice: "fetched 2 h 5 min ago: STALE, the service could not be reached")
            report.now = start
            report.width = width
            report.extras.nowcast = Nowcast(steps: (0..<8).map { Nowcast.Step(time: start.addingTimeInterval(Double($0) * 900), precipitation: $0 > 2 ? 0.4 : 0) },
                                            stepMinutes: 15)
            report.extras.nowcastFetchedAt = start.addingTimeInterval(-1800)
            let lines = report.render().split(separator: "\n").map(String.init)
            #expect(lines.contains { $0.hasPrefix("Soon") })
            // The legend never leaves a word alone on a line.
            #expect(!lines.contains { ["wind", "strongest wind", "amount"].contains($0.trimmingCharacters(in: .whitespaces)) }, "\(lines)")
            for line in lines { #expect(TextWidth.of(line) <= width, "\(TextWidth.of(line)) columns: \(line)") }
        }
    }
}
