public import ForecastlyBase

/// Why no location could be had. Each case says what a person can do.
extension LocationError {
    /// What this failure tells the authorization's state machine, when it
    /// tells it anything: a restriction that a backend met and the user
    /// cannot lift (the desktop's switch, GeoClue's configuration). The
    /// policy file is read by the application itself, never reported.
    public var authorizationEvent: AuthorizationEvent? {
        guard case .restricted(let restriction, _) = self else { return nil }
        if case .policyFile = restriction { return nil }
        return .policyRestricted(restriction)
    }
}

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
    case lookupFailed(service: String, reason: MessageText)
    /// An IP geolocation service answered 200 with something that is not a
    /// usable location (not JSON, too large, coordinates out of range):
    /// bad data, not an outage.
    case unreadableAnswer(service: String, reason: MessageText)
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
    case geoclueUnavailable(reason: MessageText)
    /// GeoClue holds every request until a desktop session's agent answers
    /// for this user; none did in time (ssh, cron, no desktop).
    case geoclueNoAgent(timeoutSeconds: Double)
    /// GeoClue started but sent no usable fix in time (its sources had
    /// none, or the desktop caps accuracy below every source it has).
    case geoclueNoFix(timeoutSeconds: Double, placeholders: Int)
    /// Every source in `--source auto` failed; the reasons, in order.
    case allSourcesFailed([LocationError])
    /// A simulated source is not there because the simulation was asked so
    /// (`simulate --fail unavailable`): nothing on this machine needs fixing.
    case simulatedUnavailable(source: LocationSourceKind)
}

extension LocationError: UserFacingError {
    public var summaryMessage: MessageText {
        switch self {
        case .notDetermined:
            return MessageText("Using your location is not decided yet, and there is no terminal to ask on.")
        case .notAnswered:
            return MessageText("The question about your location was not answered, so nothing was decided and forecastly did not locate you.")
        case .denied:
            return MessageText("Location permission is denied.")
        case .restricted(let restriction, let source):
            switch restriction {
            case .policyFile:
                guard let source else { return MessageText("{restriction} turns locating off; this cannot be changed by the user.", messages: ["restriction": [restriction.subject]]) }
                return MessageText("{restriction} turns locating by {source} off; this cannot be changed by the user.",
                                   ["source": source.rawValue], messages: ["restriction": [restriction.subject]])
            case .desktopSwitchOff:
                return MessageText("Location Services are switched off for this desktop (GeoClue), so forecastly does not locate you by any source.")
            case .geoclueConfiguration:
                return MessageText("{restriction} does not allow forecastly to use location, so it does not locate you by any source.",
                                   messages: ["restriction": [restriction.subject]])
            }
        case .geoclueUnavailable(let reason):
            return MessageText("GeoClue, the desktop's location service, cannot be asked: {reason}.",
                               messages: ["reason": [reason.strippingTerminalControls(limit: 200)]])
        case .geoclueNoAgent(let timeout):
            return MessageText("GeoClue gave no answer in {seconds} s: no desktop session answers for location for this user.", ["seconds": Self.seconds(timeout)])
        case .geoclueNoFix(let timeout, let placeholders):
            guard placeholders > 0 else { return MessageText("GeoClue has no position after {seconds} s.", ["seconds": Self.seconds(timeout)]) }
            return MessageText("GeoClue has no position after {seconds} s (placeholder positions ignored: {count}).",
                               ["seconds": Self.seconds(timeout), "count": "\(placeholders)"])
        case .libgpsMissing(let tried, let reason):
            return MessageText("gpsd needs libgps, which could not be loaded (tried {files}): {reason}.",
                               ["files": tried.joined(separator: ", "), "reason": reason.strippingTerminalControls(limit: 160)])
        case .gpsdNotRunning(let address):
            return MessageText("gpsd is not running on {address}.", ["address": address])
        case .notGpsd(let address):
            return MessageText("The service on {address} is not gpsd: it did not answer in gpsd's protocol.", ["address": address])
        case .noReceiver(let address):
            return MessageText("gpsd on {address} has no GPS receiver attached.", ["address": address])
        case .noFix(let timeout, let seen, let used):
            guard let seen else { return MessageText("The GPS receiver has no fix after {seconds} s.", ["seconds": Self.seconds(timeout)]) }
            return MessageText("The GPS receiver has no fix after {seconds} s (satellites seen {seen}, used {used}).",
                               ["seconds": Self.seconds(timeout), "seen": "\(seen)", "used": "\(used ?? 0)"])
        case .gpsdLost(let address):
            return MessageText("gpsd on {address} stopped answering.", ["address": address])
        case .lookupFailed(let service, let reason):
            return MessageText("The IP location service {service} gave no location: {reason}.",
                               ["service": service], messages: ["reason": [reason.strippingTerminalControls(limit: 160)]])
        case .unreadableAnswer(let service, let reason):
            return MessageText("The IP location service {service} sent an answer that cannot be read ({reason}).",
                               ["service": service], messages: ["reason": [reason.strippingTerminalControls(limit: 160)]])
        case .lookupTimedOut(let service):
            return MessageText("The IP location service {service} did not answer in time.", ["service": service])
        case .serviceBusy(let service):
            return MessageText("The IP location service {service} is busy or down for maintenance (HTTP 503).", ["service": service])
        case .rateLimited(let service, let retry):
            guard let retry else { return MessageText("The IP location service {service} is rate limiting this machine.", ["service": service]) }
            return MessageText("The IP location service {service} is rate limiting this machine for {seconds} s.", ["service": service, "seconds": "\(retry)"])
        case .noStoredPlace:
            return MessageText("No default place is stored.")
        case .storedPlaceUnreadable(let path):
            return MessageText("The stored place in {path} cannot be read.", ["path": path])
        case .allSourcesFailed(let reasons):
            return MessageText("No location source answered: {reasons}", messages: ["reasons": reasons.map(\.summaryMessage)])
        case .simulatedUnavailable(let source):
            return MessageText("The simulated {source} is not there, as --fail unavailable asked.", ["source": source.rawValue])
        }
    }

    public var adviceMessage: MessageText? {
        switch self {
        case .notDetermined:
            MessageText("Decide with 'forecastly location allow' or 'forecastly location deny', or give the place with --city or --lat/--lon.")
        case .notAnswered:
            MessageText("Run forecastly again to be asked, decide with 'forecastly location allow' or 'forecastly location deny', or give --lat/--lon or --city.")
        case .denied:
            MessageText("Allow it with 'forecastly location allow', or give --lat/--lon.")
        case .restricted(let restriction, _):
            restriction.whoCanChangeIt
        case .geoclueUnavailable:
            MessageText("Use --source gpsd or ip, or give --lat/--lon; GeoClue needs a system bus and the geoclue-2.0 package.")
        case .geoclueNoAgent:
            MessageText("Run forecastly inside a desktop session, or use --source gpsd or ip, or give --lat/--lon.")
        case .geoclueNoFix:
            MessageText("Raise --gps-timeout, check the desktop's location accuracy setting, or use --source gpsd or ip.")
        case .libgpsMissing:
            MessageText("Install it (sudo apt install libgps-dev), or use --source ip or --lat/--lon.")
        case .gpsdNotRunning:
            MessageText("Start it (sudo systemctl start gpsd), use --gpsd HOST:PORT, or --source ip.")
        case .notGpsd:
            MessageText("Check --gpsd (or FORECASTLY_GPSD): gpsd listens on port 2947 unless told otherwise.")
        case .noReceiver:
            MessageText("Plug in the receiver and check 'gpsmon', or use --source ip.")
        case .noFix:
            MessageText("Move to a place with a view of the sky, raise --gps-timeout, or use --source ip.")
        case .gpsdLost:
            MessageText("Check that gpsd is still running, then try again.")
        case .lookupFailed:
            MessageText("Try again later, use another service (FORECASTLY_IPGEO_URL), or give --lat/--lon.")
        case .unreadableAnswer:
            MessageText("Check that FORECASTLY_IPGEO_URL names a supported service (ipwho.is, ipapi.co, ipinfo.io, ip-api.com), or give --lat/--lon.")
        case .lookupTimedOut:
            MessageText("Try again (a slow network may need a longer --gps-timeout), or give --lat/--lon.")
        case .serviceBusy:
            MessageText("Try again in a few minutes, or give --lat/--lon.")
        case .rateLimited:
            MessageText("Wait before trying again, or give --lat/--lon.")
        case .noStoredPlace:
            MessageText("Store one with 'forecastly location set --lat … --lon …', or give --lat/--lon.")
        case .storedPlaceUnreadable:
            MessageText("Store it again with 'forecastly location set --lat … --lon …', or forget it with 'forecastly location unset'.")
        case .allSourcesFailed:
            MessageText("Give --lat/--lon, or store a default place with 'forecastly location set'.")
        case .simulatedUnavailable:
            MessageText("Leave out --fail to simulate a source that answers.")
        }
    }

    public var exitStatus: ExitStatus {
        switch self {
        case .notDetermined, .notAnswered, .denied, .restricted: return .noPermission
        case .noFix, .rateLimited, .serviceBusy, .lookupTimedOut, .geoclueNoFix: return .temporaryFailure
        case .noStoredPlace: return .usage
        case .storedPlaceUnreadable, .unreadableAnswer: return .dataError
        case .libgpsMissing, .gpsdNotRunning, .notGpsd, .noReceiver, .gpsdLost, .lookupFailed, .geoclueUnavailable, .geoclueNoAgent,
             .simulatedUnavailable:
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

    /// "5", "2.5": the number of seconds, for "{seconds} s".
    static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value))" : "\(value)"
    }
}
