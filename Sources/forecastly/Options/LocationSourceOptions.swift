import ForecastlyBase
import ArgumentParser
import ForecastlyApp
import LocationProvider

extension LocationSourceChoice: ArgumentChoice {}

/// How to locate when no --lat/--lon is given.
struct LocationSourceOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "auto (gpsd, then GeoClue, then IP, then the stored place), gpsd, geoclue, ip, or manual (the place stored with 'location set').",
        valueName: "source"))
    var source: LocationSourceChoice?

    @Option(help: ArgumentHelp("gpsd address (or FORECASTLY_GPSD; default localhost:2947).", valueName: "host[:port]"))
    var gpsd: String?

    @Option(name: .customLong("gps-timeout"), parsing: .unconditional, help: ArgumentHelp("Seconds to wait for a location (a GPS fix, GeoClue, or the IP lookup), 1…300.", valueName: "seconds"))
    var gpsTimeout: Double = 10

    func validate() throws {
        guard gpsTimeout.isFinite, (1...300).contains(gpsTimeout) else {
            throw UsageMistake.error(MessageText("--gps-timeout must be between 1 and 300 seconds; got {value}.", ["value": gpsTimeout.asTyped]))
        }
        if let gpsd, GPSDAddress(gpsd) == nil { throw UsageMistake.error(GPSDAddressError(text: gpsd)) }
    }

    var settings: LocatingSettings {
        LocatingSettings(source: source ?? .auto, gpsd: gpsd, timeout: .milliseconds(Int64(gpsTimeout * 1000)))
    }
}
