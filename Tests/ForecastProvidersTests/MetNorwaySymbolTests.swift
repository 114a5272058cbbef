@testable import ForecastCore
@testable import ForecastProviders
import Foundation
import Testing
import TestSupport

/// MET Norway's symbol codes on the shared, WMO-coded condition set.
@Suite struct MetNorwaySymbolTests {
    /// The 83 codes of the `WeatherSymbol` enum in MET's published schema.
    static func schemaCodes() throws -> [String] {
        let schema = try #require(try JSONSerialization.jsonObject(with: Fixtures.data("met-norway/METJSONForecast.schema.json")) as? [String: Any])
        func find(_ value: Any) -> [String]? {
            if let object = value as? [String: Any] {
                if let symbol = object["WeatherSymbol"] as? [String: Any], let codes = symbol["enum"] as? [String] { return codes }
                return object.values.lazy.compactMap(find).first
            }
            return (value as? [Any])?.lazy.compactMap(find).first
        }
        return try #require(find(schema))
    }

    /// MET's legend: base code, English name, and whether it has variants.
    static func legend() throws -> [(base: String, english: String, hasVariants: Bool)] {
        try Fixtures.text("met-norway/weathericons-legend.csv").split(separator: "\n").dropFirst().map { line in
            let cells = line.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            return (cells[0], cells[1], cells.last == "1")
        }
    }

    @Test func everyCodeInTheSchemaHasAKnownConditionAndItsVariant() throws {
        let codes = try Self.schemaCodes()
        #expect(codes.count == 83)
        for code in codes {
            let symbol = try #require(MetNorwaySymbol(code: code), "\(code)")
            #expect(symbol.condition.isKnown, "\(code)")
            let suffix = code.split(separator: "_").dropFirst().first.map(String.init)
            #expect(symbol.variant?.rawValue == suffix, "\(code)")
        }
    }

    /// The 41 bases of the legend are exactly the table's, and a base has
    /// variants in the schema exactly when the legend says so.
    @Test func theTableCoversTheLegend() throws {
        let legend = try Self.legend()
        #expect(legend.count == 41)
        #expect(Set(legend.map(\.base)) == Set(MetNorwaySymbol.conditions.keys))
        let codes = Set(try Self.schemaCodes())
        for entry in legend {
            let variants = ["day", "night", "polartwilight"].map { "\(entry.base)_\($0)" }
            #expect(codes.contains(entry.base) == !entry.hasVariants, "\(entry.base)")
            #expect(variants.allSatisfy(codes.contains) == entry.hasVariants, "\(entry.base)")
        }
    }

    /// What a person reads agrees with MET's own English name: intensity,
    /// precipitation kind, showers and thunder are kept.
    @Test func theConditionSaysWhatMETSays() throws {
        for entry in try Self.legend() {
            let condition = try #require(MetNorwaySymbol(code: entry.base + (entry.hasVariants ? "_day" : ""))).condition
            let english = entry.english.lowercased()
            let said = condition.description.lowercased()
            if english.contains("thunder") {
                #expect(condition == .thunderstorm, "\(entry.base)")
                continue
            }
            if english.contains("sleet") { #expect(WeatherCondition.sleet.contains(condition), "\(entry.base)") }
            if english.contains("snow") && !english.contains("sleet") { #expect(said.contains("snow"), "\(entry.base): \(said)") }
            if english.contains("rain") { #expect(said.contains("rain"), "\(entry.base): \(said)") }
            if english.contains("showers") { #expect(said.contains("showers"), "\(entry.base): \(said)") }
            if english.hasPrefix("light") { #expect(said.hasPrefix("slight") || said.hasPrefix("light"), "\(entry.base): \(said)") }
            if english.hasPrefix("heavy") { #expect(!said.hasPrefix("slight"), "\(entry.base): \(said)") }
        }
        #expect(MetNorwaySymbol(code: "lightrain")?.condition == .slightRain)
        #expect(MetNorwaySymbol(code: "heavyrain")?.condition == .heavyRain)
        #expect(MetNorwaySymbol(code: "cloudy")?.condition == .overcast)
    }

    @Test func variantsSayWhetherTheSunIsUp() {
        #expect(MetNorwaySymbol(code: "clearsky_day")?.isDay == true)
        #expect(MetNorwaySymbol(code: "clearsky_night")?.isDay == false)
        #expect(MetNorwaySymbol(code: "clearsky_polartwilight")?.isDay == true)
        #expect(MetNorwaySymbol(code: "rain")?.isDay == nil)
    }

    /// MET's misspelt bases are matched as sent; a "corrected" spelling, an
    /// unknown base or variant, and an empty code have no condition.
    @Test(arguments: [("lightssleetshowersandthunder_night", true), ("lightssnowshowersandthunder_day", true),
                      ("lightsleetshowersandthunder_night", false), ("meteorshowers", false),
                      ("rain_dusk", false), ("", false), ("_day", false), ("clearsky_", false)])
    func onlyMETsOwnCodesAreRead(code: String, known: Bool) {
        #expect((MetNorwaySymbol(code: code) != nil) == known)
    }
}
