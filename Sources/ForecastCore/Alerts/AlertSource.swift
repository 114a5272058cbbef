/// The warning services forecastly asks, each for the places it covers, with
/// its credit and how often its terms let it be asked.
public enum AlertSource: String, Sendable, Hashable, Codable, CaseIterable {
    /// The US National Weather Service (`api.weather.gov`).
    case nws
    /// MET Norway's MetAlerts, for Norway and its waters.
    case metNorway = "met-norway"
    /// MeteoAlarm: the national services of Europe, one feed per country.
    case meteoAlarm = "meteoalarm"

    public var name: String {
        switch self {
        case .nws: "National Weather Service"
        case .metNorway: "MET Norway"
        case .meteoAlarm: "MeteoAlarm"
        }
    }

    public var credit: DataSource {
        switch self {
        case .nws:
            DataSource(name: "National Weather Service", url: "https://www.weather.gov/", license: "US public domain",
                       attribution: "Warnings by the US National Weather Service")
        case .metNorway:
            DataSource(name: "MET Norway MetAlerts", url: "https://api.met.no/weatherapi/metalerts/2.0/documentation",
                       license: "CC BY 4.0", attribution: "Warnings by MET Norway (CC BY 4.0)")
        case .meteoAlarm:
            DataSource(name: "MeteoAlarm (EUMETNET)", url: "https://meteoalarm.org/",
                       license: "per the issuing national service", attribution: "Warnings by MeteoAlarm (EUMETNET) and the issuing national service")
        }
    }

    /// The shortest time between two requests for the same place (the same
    /// country for MeteoAlarm). The NWS publishes no limit but asks for
    /// restraint; MET Norway's answers carry `Expires`, which is obeyed when
    /// it is later; MeteoAlarm asks that feeds be polled every few minutes at most.
    public var minimumInterval: Duration {
        switch self {
        case .nws: .seconds(5 * 60)
        case .metNorway: .seconds(5 * 60)
        case .meteoAlarm: .seconds(10 * 60)
        }
    }
}
