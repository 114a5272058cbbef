public import ForecastlyApp
public import ForecastlyBase
import LocationProvider

/// A permission state to simulate (`forecastly simulate --authorization`).
public enum SimulatedState: String, Sendable, CaseIterable {
    case notDetermined, denied, restricted, authorized
    /// Authorized by the user, but the desktop's Location Services switch is
    /// off: GeoClue refuses, and forecastly is restricted for the run.
    case desktopSwitchOff
}

/// How a simulated source fails (`--fail`).
public enum SimulatedFailure: String, Sendable, CaseIterable {
    /// The source is not there (gpsd not running, GeoClue not installed, no answer).
    case unavailable
    /// It searches, and finds no fix in time.
    case timeout
}

/// The kinds of source a simulation can stand in for (`--source`; a stored
/// place needs no simulating).
public enum SimulatedSource: String, Sendable, CaseIterable {
    case gpsd, geoclue, ip

    public var kind: LocationSourceKind {
        switch self {
        case .gpsd: .gpsd
        case .geoclue: .geoclue
        case .ip: .ip
        }
    }

    /// The `--source` that asks for this kind alone.
    public var choice: LocationSourceChoice {
        switch self {
        case .gpsd: .gpsd
        case .geoclue: .geoclue
        case .ip: .ip
        }
    }
}

extension Simulation {
    /// `base`'s application as a user in `state` meets it, located by a
    /// simulated `kind` source that sees a few satellites and then fixes at
    /// `fix`, or fails as `failure` says.
    public static func application(
        _ base: AppContext, state: SimulatedState, source kind: LocationSourceKind, fix: Coordinate, failure: SimulatedFailure?
    ) -> Application {
        let decision: UserDecision = switch state {
        case .authorized, .desktopSwitchOff: .authorized(.full)
        case .denied: .denied
        case .notDetermined, .restricted: .notDetermined
        }
        let script: [SimulatedLocationProvider.Step] = switch failure {
        case nil where state == .desktopSwitchOff: [.fail(.restricted(.desktopSwitchOff, source: kind))]
        case nil: [.searching(visible: 9, used: 6), .wait(.milliseconds(300)), .fix(fix, accuracy: kind == .ip ? nil : 8)]
        case .unavailable?: [.fail(.simulatedUnavailable(source: kind))]
        // Satellites are a GPS receiver's; GeoClue and the IP lookup only take too long.
        case .timeout?: (kind == .gpsd ? [.searching(visible: 5, used: 0)] : []) + [.wait(.seconds(3))]
        }
        return application(base, decision: decision, policyDisabled: state == .restricted, source: SimulatedLocationProvider(kind: kind, script: script))
    }
}
