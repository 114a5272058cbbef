public import ForecastlyBase
public import ForecastCore
import LocationProvider

/// What a run is waiting for, for a front end's spinner.
public enum RunProgress: Sendable, Hashable {
    /// The prompt is up: nothing is located until it is answered.
    case waitingForPermission
    case locating(LocationSourceKind)
    /// gpsd has no fix yet: satellites seen and used.
    case satellites(seen: Int, used: Int)
    case fetching(WeatherProvider)
    /// The forecast is in; the extras are still coming.
    case finishing
}

/// Receives a run's progress; the CLI's spinner is one.
public typealias ProgressReporter = @Sendable (RunProgress) -> Void
