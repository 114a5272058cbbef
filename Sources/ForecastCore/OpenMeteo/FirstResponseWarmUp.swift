import Foundation
import LocationProvider
import NetworkTransport
import Synchronization

/// Handles a small built-in Open-Meteo answer once per process, the way a
/// real one is handled (decoded, built into a `Forecast`, encoded for the
/// store), so that the real answer's handling pays only for its own data.
///
/// Handling the first answer of a process costs about twice what handling
/// the same answer costs again: the Swift runtime instantiates the decoder's
/// and encoder's generic types and answers their conformance questions,
/// Foundation loads the time zone data, and the code is paged in. Measured
/// on the CLI's release build: decode 0.9 ms cold against 0.45 ms warm,
/// building 0.3 against 0.1, the store's encoding 0.85 against 0.4.
/// `OpenMeteoService` runs this while its first request is on the wire, when
/// a core is idle; a forecast run against a loopback stub took 0.2 to 0.5 ms
/// less (interleaved runs, with the stub competing for the same two cores;
/// with a real network between, the wait is longer and the core idler). An
/// answer that comes first waits for the rest of it: a millisecond at most.
/// Nothing it makes is kept or shown, and a sample that stopped decoding
/// would only lose the saving (a test keeps it decoding).
enum FirstResponseWarmUp {
    private static let started = Mutex(false)

    /// Rehearses the first time it is called; later calls return at once.
    static func runOnce() {
        let first = started.withLock { started in
            defer { started = true }
            return !started
        }
        if first { _ = rehearse() }
    }

    /// The rehearsal itself: the forecast it built, or nil when the sample
    /// no longer decodes.
    static func rehearse() -> Forecast? {
        guard let coordinate = try? Coordinate(latitude: 45.6, longitude: 17.22),
              let request = try? ForecastRequest(coordinate: coordinate, days: 1, units: .metric),
              let forecast = try? OpenMeteoService.forecast(from: HTTPResponse(status: 200, body: Array(sample.utf8)), for: request)
        else { return nil }
        _ = try? SQLiteStore.encode(forecast, path: "")
        return forecast
    }

    /// An answer in Open-Meteo's shape with every variable forecastly asks
    /// for (two hours and one day), a `null` among them as real answers have.
    static let sample = #"""
        {"latitude":45.6,"longitude":17.22,"generationtime_ms":0.15,"utc_offset_seconds":7200,"timezone":"Europe/Zagreb",\#
        "timezone_abbreviation":"GMT+2","elevation":166.0,\#
        "current_units":{"time":"iso8601","interval":"seconds","temperature_2m":"°C","apparent_temperature":"°C",\#
        "relative_humidity_2m":"%","precipitation":"mm","weather_code":"wmo code","is_day":"","wind_speed_10m":"km/h",\#
        "wind_direction_10m":"°","wind_gusts_10m":"km/h"},\#
        "current":{"time":"2026-09-29T01:00","interval":900,"temperature_2m":12.5,"apparent_temperature":11.9,\#
        "relative_humidity_2m":63,"precipitation":0.0,"weather_code":0,"is_day":0,"wind_speed_10m":5.4,\#
        "wind_direction_10m":212,"wind_gusts_10m":null},\#
        "hourly_units":{"time":"iso8601","temperature_2m":"°C","precipitation_probability":"%","precipitation":"mm",\#
        "weather_code":"wmo code","is_day":"","wind_speed_10m":"km/h","wind_direction_10m":"°"},\#
        "hourly":{"time":["2026-09-29T01:00","2026-09-29T02:00"],"temperature_2m":[12.5,12.1],\#
        "precipitation_probability":[0,null],"precipitation":[0.0,0.1],"weather_code":[0,61],"is_day":[0,0],\#
        "wind_speed_10m":[5.4,6.1],"wind_direction_10m":[212,220]},\#
        "daily_units":{"time":"iso8601","weather_code":"wmo code","temperature_2m_max":"°C","temperature_2m_min":"°C",\#
        "precipitation_sum":"mm","precipitation_probability_max":"%","wind_speed_10m_max":"km/h","sunrise":"iso8601",\#
        "sunset":"iso8601","uv_index_max":""},\#
        "daily":{"time":["2026-09-29"],"weather_code":[61],"temperature_2m_max":[25.0],"temperature_2m_min":[11.2],\#
        "precipitation_sum":[0.4],"precipitation_probability_max":[35],"wind_speed_10m_max":[14.8],\#
        "sunrise":["2026-09-29T06:46"],"sunset":["2026-09-29T18:35"],"uv_index_max":[4.15]}}
        """#
}
