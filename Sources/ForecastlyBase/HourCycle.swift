/// How a time of day is written: "14:05" or "2:05 PM". The locale's
/// convention unless `--clock` or the configuration file says otherwise.
public enum HourCycle: String, Sendable, CaseIterable, Codable {
    case twentyFourHour = "24h"
    case twelveHour = "12h"
}
