/// The GeoJSON Feature MET Norway's Locationforecast 2.0 sends (compact or
/// complete), as loose as the API is: periods, their details and every
/// variable but the step's time may be missing, and keys MET adds later
/// are ignored (MET calls adding keys a compatible change).
///
/// The mapping onto `Forecast` is in `MetNorwayPayload+Forecast.swift`.
struct MetNorwayPayload: Decodable, Sendable {
    var geometry: Geometry
    var properties: Properties

    struct Geometry: Decodable, Sendable {
        /// `[longitude, latitude, altitude]`: longitude first.
        var coordinates: [Double]
    }

    struct Properties: Decodable, Sendable {
        var timeseries: [Step]
    }

    struct Step: Decodable, Sendable {
        /// UTC, "2026-02-06T21:00:00Z".
        var time: String
        var data: StepData
    }

    struct StepData: Decodable, Sendable {
        var instant: Instant?
        var next1Hours: Period?
        var next6Hours: Period?
        var next12Hours: Period?

        enum CodingKeys: String, CodingKey {
            case instant
            case next1Hours = "next_1_hours"
            case next6Hours = "next_6_hours"
            case next12Hours = "next_12_hours"
        }
    }

    struct Instant: Decodable, Sendable {
        var details: InstantDetails?
    }

    /// Values valid at the step's time. Metric always: there is no units parameter.
    struct InstantDetails: Decodable, Sendable {
        var airTemperature: Double?
        var relativeHumidity: Double?
        var windSpeed: Double?
        var windFromDirection: Double?
        var windSpeedOfGust: Double?
        var airPressureAtSeaLevel: Double?
        var dewPointTemperature: Double?
        var cloudAreaFraction: Double?

        enum CodingKeys: String, CodingKey {
            case airTemperature = "air_temperature"
            case relativeHumidity = "relative_humidity"
            case windSpeed = "wind_speed"
            case windFromDirection = "wind_from_direction"
            case windSpeedOfGust = "wind_speed_of_gust"
            case airPressureAtSeaLevel = "air_pressure_at_sea_level"
            case dewPointTemperature = "dew_point_temperature"
            case cloudAreaFraction = "cloud_area_fraction"
        }
    }

    /// The hours from the step's time on: its symbol and precipitation.
    struct Period: Decodable, Sendable {
        var summary: Summary?
        var details: PeriodDetails?
    }

    struct Summary: Decodable, Sendable {
        var symbolCode: String?

        enum CodingKeys: String, CodingKey {
            case symbolCode = "symbol_code"
        }
    }

    struct PeriodDetails: Decodable, Sendable {
        var precipitationAmount: Double?
        var probabilityOfPrecipitation: Double?
        var airTemperatureMax: Double?
        var airTemperatureMin: Double?

        enum CodingKeys: String, CodingKey {
            case precipitationAmount = "precipitation_amount"
            case probabilityOfPrecipitation = "probability_of_precipitation"
            case airTemperatureMax = "air_temperature_max"
            case airTemperatureMin = "air_temperature_min"
        }
    }
}
