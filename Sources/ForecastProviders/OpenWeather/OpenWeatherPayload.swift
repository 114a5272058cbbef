/// OpenWeather's answers, as loose as the API is: everything but the
/// time, the temperature and the coordinates may be missing, numbers may
/// come as integers, and keys OpenWeather adds are ignored. Success is
/// decided by the HTTP status, never by `cod` (a number in one answer, a
/// string in another), so `cod` is not read at all.
///
/// The mapping onto `Forecast` is in `OpenWeatherPayload+Forecast.swift`.
enum OpenWeatherPayload {
    struct Condition: Decodable, Sendable {
        var id: Int
        var icon: String?
    }

    /// `rain` and `snow` of the free endpoints: the amount over the last (or next) hour or three.
    struct Amount: Decodable, Sendable {
        var oneHour: Double?
        var threeHours: Double?

        enum CodingKeys: String, CodingKey {
            case oneHour = "1h"
            case threeHours = "3h"
        }
    }

    struct Coordinates: Decodable, Sendable {
        var lat: Double
        var lon: Double
    }

    struct Main: Decodable, Sendable {
        var temp: Double
        var feelsLike: Double?
        var tempMin: Double?
        var tempMax: Double?
        var humidity: Double?
        /// hPa; `sea_level` where given (the free endpoints' `pressure` is at sea level too).
        var pressure: Double?

        enum CodingKeys: String, CodingKey {
            case temp, humidity, pressure
            case feelsLike = "feels_like"
            case tempMin = "temp_min"
            case tempMax = "temp_max"
        }
    }

    struct Wind: Decodable, Sendable {
        var speed: Double?
        var deg: Double?
        var gust: Double?
    }

    /// `/data/2.5/weather`: the current conditions.
    /// The sky's cover, in percent.
    struct Clouds: Decodable, Sendable {
        var all: Double?
    }

    struct Current: Decodable, Sendable {
        var coord: Coordinates
        var weather: [Condition]
        var main: Main
        var wind: Wind?
        var clouds: Clouds?
        /// Metres.
        var visibility: Double?
        var rain: Amount?
        var snow: Amount?
        /// Unix seconds, UTC.
        var dt: Int
    }

    /// `/data/2.5/forecast`: five days in three-hour steps.
    struct FiveDays: Decodable, Sendable {
        var list: [Step]
        var city: City?

        struct City: Decodable, Sendable {
            var coord: Coordinates?
        }

        struct Step: Decodable, Sendable {
            /// Unix seconds, UTC: the start of the three hours.
            var dt: Int
            var main: Main
            var weather: [Condition]
            var wind: Wind?
            var clouds: Clouds?
            var visibility: Double?
            /// Chance of precipitation, 0…1.
            var pop: Double?
            var rain: Amount?
            var snow: Amount?
        }
    }

    /// `/data/3.0/onecall`: current, 48 hours and 8 days, with the place's
    /// IANA time zone.
    struct OneCall: Decodable, Sendable {
        var lat: Double
        var lon: Double
        var timezone: String
        var current: Now?
        var hourly: [Hour]?
        var daily: [Day]?

        struct Now: Decodable, Sendable {
            var dt: Int
            var temp: Double
            var feelsLike: Double?
            var humidity: Double?
            var windSpeed: Double?
            var windDeg: Double?
            var windGust: Double?
            var weather: [Condition]
            var rain: Amount?
            var snow: Amount?
            var pressure: Double?
            var dewPoint: Double?
            var clouds: Double?
            var visibility: Double?

            enum CodingKeys: String, CodingKey {
                case dt, temp, humidity, weather, rain, snow, pressure, clouds, visibility
                case feelsLike = "feels_like"
                case windSpeed = "wind_speed"
                case windDeg = "wind_deg"
                case windGust = "wind_gust"
                case dewPoint = "dew_point"
            }
        }

        struct Hour: Decodable, Sendable {
            var dt: Int
            var temp: Double
            var windSpeed: Double?
            var windDeg: Double?
            var weather: [Condition]
            var pop: Double?
            var rain: Amount?
            var snow: Amount?
            var pressure: Double?
            var dewPoint: Double?
            var clouds: Double?
            var visibility: Double?

            enum CodingKeys: String, CodingKey {
                case dt, temp, weather, pop, rain, snow, pressure, clouds, visibility
                case dewPoint = "dew_point"
                case windSpeed = "wind_speed"
                case windDeg = "wind_deg"
            }
        }

        struct Day: Decodable, Sendable {
            var dt: Int
            var sunrise: Int?
            var sunset: Int?
            var temp: Temperatures
            var weather: [Condition]
            var pop: Double?
            /// The day's total in mm: a number here, unlike the hourly `{"1h": …}`.
            var rain: Double?
            var snow: Double?
            var uvi: Double?
            var windSpeed: Double?

            enum CodingKeys: String, CodingKey {
                case dt, sunrise, sunset, temp, weather, pop, rain, snow, uvi
                case windSpeed = "wind_speed"
            }

            struct Temperatures: Decodable, Sendable {
                var min: Double
                var max: Double
            }
        }
    }

    /// An error body: `{"cod":401, "message": "Invalid API key. …"}`.
    struct ErrorBody: Decodable {
        var message: String?
    }
}
