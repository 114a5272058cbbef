@testable import ForecastCore
import ForecastPresentation
import Testing

@Suite struct WeatherConditionTests {
    /// The codes in Open-Meteo's table (API-NOTES.md §3).
    static let documentedCodes = [0, 1, 2, 3, 45, 48, 51, 53, 55, 56, 57, 61, 63, 65, 66, 67, 71, 73, 75, 77, 80, 81, 82, 85, 86, 95, 96, 99]

    /// WMO 4677's rain-and-snow codes, which MET Norway's sleet maps onto.
    static let sleetCodes = [68, 69, 83, 84]
    /// Smoke, haze, dust, squalls and tornado, which OpenWeather reports.
    static let obscurationCodes = [4, 5, 6, 18, 19]

    @Test func sleetCodesHaveTheirOwnConditions() {
        let conditions = Self.sleetCodes.map(WeatherCondition.init(wmoCode:))
        #expect(conditions == WeatherCondition.sleet)
        #expect(conditions.map(\.code) == Self.sleetCodes)
        #expect(Set(conditions.map(\.description)).count == 4)
        #expect(Set(conditions.map(\.description)).isDisjoint(with: WeatherCondition.documented.map(\.description)))
    }

    @Test func everyDocumentedCodeHasItsOwnCondition() {
        let conditions = Self.documentedCodes.map(WeatherCondition.init(wmoCode:))
        #expect(conditions.allSatisfy { $0.isKnown })
        #expect(conditions.map(\.code) == Self.documentedCodes)
        #expect(Set(conditions).count == Self.documentedCodes.count)
        #expect(Set(conditions.map(\.description)).count == Self.documentedCodes.count)
        #expect(WeatherCondition.documented == conditions)
    }

    @Test(arguments: 0...99)
    func everyCodeInTheWMORangeMapsWithoutCrashing(code: Int) {
        let condition = WeatherCondition(wmoCode: code)
        #expect(condition.code == code)
        #expect(condition.isKnown == (Self.documentedCodes + Self.sleetCodes + Self.obscurationCodes).contains(code))
        #expect(!condition.description.isEmpty)
        #expect(!condition.symbolName(isDay: true).isEmpty && !condition.symbolName(isDay: false).isEmpty)
        #expect(TextWidth.of(condition.glyph(isDay: true)) == 2)
        #expect(TextWidth.of(condition.glyph(isDay: false)) == 2)
    }

    @Test(arguments: [-1, 7, 100, 255, Int.max, Int.min])
    func codesOutsideTheTableAreExplicitlyUnknown(code: Int) {
        let condition = WeatherCondition(wmoCode: code)
        #expect(condition == .unknown(code: code))
        #expect(condition.description == "Unknown (code \(code))")
        #expect(condition.symbolName() == "questionmark.circle")
    }

    @Test func nightChangesTheSymbolForClearSky() {
        #expect(WeatherCondition.clearSky.symbolName(isDay: true) == "sun.max")
        #expect(WeatherCondition.clearSky.symbolName(isDay: false) == "moon.stars")
        #expect(WeatherCondition(wmoCode: 63).symbolName() == "cloud.rain")
        #expect(WeatherCondition(wmoCode: 63).description == "Moderate rain")
        #expect(WeatherCondition(wmoCode: 99).description == "Thunderstorm with heavy hail")
    }
}
