public import ForecastlySettings
import ForecastlyBase
import Places

extension PlaceChoice {
    /// The place for a run, in forecastly's order: what the user named on
    /// the command line (typed coordinates, or a city), else `place` in
    /// config.toml ("LAT,LON" or a city), unless the run asks to locate
    /// (`--source`), else wherever the user is, located as `locating` says.
    public static func forRun(
        named: PlaceChoice?, configured: Setting<String>?, locatingAsked: Bool, locating: LocatingSettings
    ) throws -> PlaceChoice {
        if let named { return named }
        if !locatingAsked, let configured {
            if let coordinate = Coordinate(decimalPair: configured.value) { return .typed(coordinate) }
            return .configured(try PlaceQuery(configured.value), setting: configured.source.description)
        }
        return .located(locating)
    }
}
