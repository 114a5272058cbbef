@testable import ForecastCore
import Foundation
import Testing

/// The conversions and the Beaufort bands, written once and checked here at
/// their defining values and at every band's edge.
@Suite struct UnitConversionTests {
    /// Each force's first speed (WMO, Manual on Codes, Code table 1100; the
    /// Met Office's Beaufort scale), and the tenth of a m/s below it.
    @Test(arguments: Array(Beaufort.lowerLimits.enumerated()))
    func everyBeaufortBandStartsAtItsPublishedSpeed(index: Int, speed: Double) {
        let force = index + 1
        #expect(Beaufort.force(metresPerSecond: speed) == force)
        #expect(Beaufort.force(metresPerSecond: speed - 0.1) == force - 1)
        // Half a tenth below the edge is rounded up onto it, 0.06 below is not.
        #expect(Beaufort.force(metresPerSecond: speed - 0.04) == force)
        #expect(Beaufort.force(metresPerSecond: speed - 0.06) == force - 1)
    }

    @Test func beaufortEnds() {
        #expect(Beaufort.force(metresPerSecond: 0) == 0)
        #expect(Beaufort.force(metresPerSecond: 0.4) == 0)
        #expect(Beaufort.force(metresPerSecond: 75) == 12)
        #expect(Beaufort.force(kilometresPerHour: 117.72) == 12)  // 32.7 m/s
        #expect(Beaufort.force(kilometresPerHour: 117.36) == 11)  // 32.6 m/s
        #expect(SpeedUnit.beaufort.fromKilometresPerHour(36) == 5)  // 10 m/s
    }

    /// The defining values: the international mile and nautical mile, the
    /// conventional millimetre and inch of mercury, the inch.
    @Test func conversionsUseTheDefiningValues() {
        #expect(TemperatureUnit.fahrenheit.fromCelsius(-40) == -40)
        #expect(TemperatureUnit.fahrenheit.fromCelsius(100) == 212)
        #expect(TemperatureUnit.fahrenheit.fromCelsiusDifference(5) == 9)
        #expect(TemperatureUnit.celsius.fromCelsius(12.5) == 12.5)
        #expect(SpeedUnit.ms.fromKilometresPerHour(36) == 10)
        #expect(abs(SpeedUnit.mph.fromKilometresPerHour(1.609_344) - 1) < 1e-12)
        #expect(abs(SpeedUnit.knots.fromKilometresPerHour(1.852) - 1) < 1e-12)
        #expect(abs(PressureUnit.inhg.fromHectopascals(1013.25) - 29.921) < 0.001)
        #expect(abs(PressureUnit.mmhg.fromHectopascals(1013.25) - 760) < 0.001)
        #expect(PrecipitationUnit.inch.fromMillimetres(25.4) == 1)
        #expect(DistanceUnit.km.fromMetres(2400) == 2.4)
        #expect(abs(DistanceUnit.mi.fromMetres(1_609.344) - 1) < 1e-12)
    }

    @Test func systemsNameTheirUnits() {
        #expect(UnitSystem.uk.units == MeasurementUnits(temperature: .celsius, windSpeed: .mph, pressure: .hpa, precipitation: .mm, distance: .mi))
        #expect(UnitSystem.imperial.units.pressure == .inhg)
        #expect(ForecastUnits(UnitSystem.metric.units).distance == "km")
        #expect(ForecastUnits.asProvided.distance == "m")
    }
}
