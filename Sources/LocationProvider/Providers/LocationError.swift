public import ForecastlyBase

/// Why no location could be had. Each case says what a person can do.
public enum LocationError: Error, Sendable, Hashable {
    /// The user has not decided, and cannot be asked (no terminal).
    case notDetermined
    /// The user was asked and left without an answer (Ctrl-D): nothing is decided.
    case notAnswered
    case denied
    /// Something the user cannot change forbids locating (or this source):
    /// forecastly's policy file, the desktop's switch, GeoClue's configuration.
    case restricted(Restriction, source: LocationSourceKind?)
    /// libgps, which talks to gpsd, could not be loaded from any of `tried`.
    case libgpsMissing(tried: [String], reason: String)
    /// gpsd is not listening at that address.
    case gpsdNotRunning(address: String)
    /// Something listens at that address but does not speak gpsd's protocol.
    case notGpsd(address: String)
    /// gpsd answered but has no receiver.
    case noReceiver(address: String)
    /// No fix of 2D or better in time; `satellitesSeen` when the receiver reported any.
    case noFix(timeoutSeconds: Double, satellitesSeen: Int?, satellitesUsed: Int?)
    /// gpsd went away while being read.
    case gpsdLost(address: String)
    /// An IP geolocation service did not give a location.
    case lookupFailed(service: String, reason: String)
    /// An IP geolocation service answered 200 with something that is not a
    /// usable location (not JSON, too large, coordinates out of range):
    /// bad data, not an outage.
    case unreadableAnswer(service: String, reason: String)
    /// The IP geolocation service did not answer within the timeout.
    case lookupTimedOut(service: String)
    /// The IP service says it is overloaded or down for a while (HTTP 503).
    case serviceBusy(service: String)
    /// The IP service asks us to slow down.
    case rateLimited(service: String, retryAfterSeconds: Int?)
    /// No default place is stored (for `--source manual`).
    case noStoredPlace
    /// The stored place file exists but cannot be read.
    case storedPlaceUnreadable(path: String)
    /// GeoClue cannot be asked: no system bus, GeoClue not installed or not
    /// starting, or sd-bus (libsystemd) missing. `reason` is the D-Bus error.
    case geoclueUnavailable(reason: String)
    /// GeoClue holds every request until a desktop session's agent answers
    /// for this user; none did in time (ssh, cron, no desktop).
    case geoclueNoAgent(timeoutSeconds: Double)
    /// GeoClue started but sent no usable fix in time (its sources had
    /// none, or the desktop caps accuracy below every source it has).
    case geoclueNoFix(timeoutSeconds: Double, placeholders: Int)
    /// Every source in `--source auto` failed; the reasons, in order.
    case allSourcesFailed([LocationError])
}

extension LocationError: UserFacingError {
    /// The permission's errors, said in the user's language (exit 77).
    public var summaryMessage: MessageText? {
        switch self {
        case .notDetermined: MessageText("Using your location is not decided yet, and there is no terminal to ask on.")
        case .notAnswered: MessageText("The question about your location was not answered, so nothing was decided and forecastly did not locate you.")
        case .denied: MessageText("Location permission is denied.")
        default: nil
        }
    }

    public var adviceMessage: MessageText? {
        switch self {
        case .notDetermined:
            MessageText("Decide with 'forecastly location allow' or 'forecastly location deny', or give the place with --city or --lat/--lon.")
        case .notAnswered:
            MessageText("Run forecastly again to be asked, decide with 'forecastly location allow' or 'forecastly location deny', or give --lat/--lon or --city.")
        case .denied: MessageText("Allow it with 'forecastly location allow', or give --lat/--lon.")
        default: nil
        }
    }

    public var summary: String {
        switch self {
        case .notDetermined, .notAnswered, .denied:
            return summaryMessage?.text ?? ""
        case .restricted(let restriction, let source):
            switch restriction {
            case .policyFile:
                let what = source.map { "locating by \($0.rawValue)" } ?? "locating"
                return "\(restriction.description) turns \(what) off; this cannot be changed by the user."
            case .desktopSwitchOff:
                return "Location Services are switched off for this desktop (GeoClue), so forecastly does not locate you by any source."
            case .geoclueConfiguration:
                return "\(restriction.description) does not allow forecastly to use location, so it does not locate you by any source."
            }
        case .geoclueUnavailable(let reason):
            return "GeoClue, the desktop's location service, cannot be asked: \(Self.sentence(reason.strippingTerminalControls(limit: 200)))."
        case .geoclueNoAgent(let timeout):
            return "GeoClue gave no answer in \(Self.seconds(timeout)): no desktop session answers for location for this user."
        case .geoclueNoFix(let timeout, let placeholders):
            let skipped = placeholders > 0 ? " (\(placeholders) placeholder position\(placeholders == 1 ? "" : "s") ignored)" : ""
            return "GeoClue has no position after \(Self.seconds(timeout))\(skipped)."
        case .libgpsMissing(let tried, let reason):
            return "gpsd needs libgps, which could not be loaded (tried \(tried.joined(separator: ", ")): \(reason.strippingTerminalControls(limit: 160))."
        case .gpsdNotRunning(let address):
            return "gpsd is not running on \(address)."
        case .notGpsd(let address):
            return "The service on \(address) is not gpsd: it did not answer in gpsd's protocol."
        case .noReceiver(let address):
            return "gpsd on \(address) has no GPS receiver attached."
        case .noFix(let timeout, let seen, let used):
            let satellites = seen.map { " (satellites seen \($0), used \(used ?? 0))" } ?? ""
            return "The GPS receiver has no fix after \(Self.seconds(timeout))\(satellites)."
        case .gpsdLost(let address):
            return "gpsd on \(address) stopped answering."
        case .lookupFailed(let service, let reason):
            return "The IP location service \(service) gave no location: \(reason.strippingTerminalControls(limit: 160))."
        case .unreadableAnswer(let service, let reason):
            return "The IP location service \(service) sent an answer that cannot be read (\(reason.strippingTerminalControls(limit: 160)))."
        case .lookupTimedOut(let service):
            return "The IP location service \(service) did not answer in time."
        case .serviceBusy(let service):
            return "The IP location service \(service) is busy or down for maintenance (HTTP 503)."
        case .rateLimited(let service, let retry):
            return "The IP location service \(service) is rate limiting this machine" + (retry.map { " for \($0) s" } ?? "") + "."
        case .noStoredPlace:
            return "No default place is stored."
        case .storedPlaceUnreadable(let path):
            return "The stored place in \(path) cannot be read."
        case .allSourcesFailed(let reasons):
            return "No location source answered: " + reasons.map(\.summary).joined(separator: " ")
        }
    }

    public var advice: String? {
        switch self {
        case .notDetermined, .notAnswered, .denied:
            return adviceMessage?.text
        case .restricted(let restriction, _):
            return restriction.whoCanChangeIt
        case .geoclueUnavailable:
            return "Use --source gpsd or ip, or give --lat/--lon; GeoClue needs a system bus and the geoclue-2.0 package."
        case .geoclueNoAgent:
            return "Run forecastly inside a desktop session, or use --source gpsd or ip, or give --lat/--lon."
        case .geoclueNoFix:
            return "Raise --gps-timeout, check the desktop's location accuracy setting, or use --source gpsd or ip."
        case .libgpsMissing:
            return "Install it (sudo apt install libgps-dev), or use --source ip or --lat/--lon."
        case .gpsdNotRunning:
            return "Start it (sudo systemctl start gpsd), use --gpsd HOST:PORT, or --source ip."
        case .notGpsd:
            return "Check --gpsd (or FORECASTLY_GPSD): gpsd listens on port 2947 unless told otherwise."
        case .noReceiver:
            return "Plug in the receiver and check 'gpsmon', or use --source ip."
        case .noFix:
            return "Move to a place with a view of the sky, raise --gps-timeout, or use --source ip."
        case .gpsdLost:
            return "Check that gpsd is still running, then try again."
        case .lookupFailed:
            return "Try again later, use another service (FORECASTLY_IPGEO_URL), or give --lat/--lon."
        case .unreadableAnswer:
            return "Check that FORECASTLY_IPGEO_URL names a supported service (ipwho.is, ipapi.co, ipinfo.io, ip-api.com), or give --lat/--lon."
        case .lookupTimedOut:
            return "Try again (a slow network may need a longer --gps-timeout), or give --lat/--lon."
        case .serviceBusy:
            return "Try again in a few minutes, or give --lat/--lon."
        case .rateLimited:
            return "Wait before trying again, or give --lat/--lon."
        case .noStoredPlace:
            return "Store one with 'forecastly location set --lat … --lon …', or give --lat/--lon."
        case .storedPlaceUnreadable:
            return "Store it again with 'forecastly location set --lat … --lon …'."
        case .allSourcesFailed:
            return "Give --lat/--lon, or store a default place with 'forecastly location set'."
        }
    }

    public var exitStatus: ExitStatus {
        switch self {
        case .notDetermined, .notAnswered, .denied, .restricted: return .noPermission
        case .noFix, .rateLimited, .serviceBusy, .lookupTimedOut, .geoclueNoFix: return .temporaryFailure
        case .noStoredPlace: return .usage
        case .storedPlaceUnreadable, .unreadableAnswer: return .dataError
        case .libgpsMissing, .gpsdNotRunning, .notGpsd, .noReceiver, .gpsdLost, .lookupFailed, .geoclueUnavailable, .geoclueNoAgent:
            return .unavailable
        case .allSourcesFailed(let reasons):
            // No place stored is the end of the list, not what went wrong;
            // a source that may answer later makes the whole a temporary failure.
            let statuses = reasons.filter { $0 != .noStoredPlace }.map(\.exitStatus)
            return statuses.contains(.temporaryFailure) ? .temporaryFailure : .unavailable
        }
    }

    /// A D-Bus message as part of a sentence: no full stop of its own.
    static func sentence(_ text: String) -> String {
        text.hasSuffix(".") ? String(text.dropLast()) : text
    }

    static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }
}
