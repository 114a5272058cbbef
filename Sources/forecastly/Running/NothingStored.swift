import ForecastlyBase

/// `--offline` with nothing stored for the place.
struct NothingStored: UserFacingError {
    var place: String?

    var summary: String {
        place.map { "No forecast is stored for \($0)." } ?? "No forecast is stored yet."
    }
    var advice: String? { "Run forecastly once while online; every forecast it fetches is kept for --offline." }
    var exitStatus: ExitStatus { .unavailable }
}
