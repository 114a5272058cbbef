import ArgumentParser
import ForecastCore
import ForecastlySettings

extension UnitSystem: ArgumentChoice {}
extension TemperatureUnit: ArgumentChoice {}
extension SpeedUnit: ArgumentChoice {}
extension PressureUnit: ArgumentChoice {}
extension PrecipitationUnit: ArgumentChoice {}
extension DistanceUnit: ArgumentChoice {}

/// The units, a whole system or one quantity's, declared once for every
/// command that shows measurements: the forecast (through
/// `ForecastOptions`) and `compare`.
struct UnitOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "metric (°C, km/h, hPa, mm, km), imperial (°F, mph, inHg, in, mi) or uk (°C, mph, hPa, mm, mi); default FORECASTLY_UNITS, config.toml, then the locale.",
        valueName: "system"))
    var units: UnitSystem?

    // One quantity's unit, over the system's (or FORECASTLY_…_UNIT, or temperature-unit and the others in config.toml).
    @Option(name: .customLong("temperature-unit"), help: ArgumentHelp("celsius or fahrenheit.", valueName: "unit"))
    var temperatureUnit: TemperatureUnit?

    @Option(name: .customLong("wind-unit"), help: ArgumentHelp("kmh, ms, mph, knots or beaufort.", valueName: "unit"))
    var windUnit: SpeedUnit?

    @Option(name: .customLong("pressure-unit"), help: ArgumentHelp("hpa, inhg or mmhg.", valueName: "unit"))
    var pressureUnit: PressureUnit?

    @Option(name: .customLong("precipitation-unit"), help: ArgumentHelp("mm or inch.", valueName: "unit"))
    var precipitationUnit: PrecipitationUnit?

    @Option(name: .customLong("distance-unit"), help: ArgumentHelp("km or mi (visibility).", valueName: "unit"))
    var distanceUnit: DistanceUnit?

    /// `flags` with these units.
    func applied(to flags: Settings.Flags) -> Settings.Flags {
        var flags = flags
        flags.units = units
        flags.temperatureUnit = temperatureUnit
        flags.windUnit = windUnit
        flags.pressureUnit = pressureUnit
        flags.precipitationUnit = precipitationUnit
        flags.distanceUnit = distanceUnit
        return flags
    }
}
