public import ForecastlyBase
public import Foundation
public import LocationProvider

/// Where the user is, and the permission, as `location` and
/// `location status` show them.
public enum LocationText {
    /// A fix, a line each: coordinates, place, accuracy, source and age.
    public static func fix(_ fix: LocationFix, now: Date) -> String {
        var lines = [
            "Latitude   \(fix.coordinate.latitude)",
            "Longitude  \(fix.coordinate.longitude)",
            "Accuracy   " + (fix.accuracyMeters.map { "±" + ValueFormat.distance($0) } ?? (fix.accuracy == .reduced ? "city level" : "unknown")),
            "Source     \(fix.sourceSummary)",
            "Age        \(Int(fix.age(at: now).rounded())) s",
        ]
        if let place = fix.placeName { lines.insert("Place      \(place)", at: 2) }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The permission, the policy and where they are kept, and the stored place.
    public static func status(
        _ state: AuthorizationState, policy: LocationPolicy, policyPath: String, decisionPath: String, storedPlace: StoredPlace?
    ) -> String {
        var lines = ["Permission  \(describe(state))"]
        if let path = policy.path {
            let sources = policy.forbiddenSources.map(\.rawValue).sorted()
            lines.append("Policy      \(path): "
                         + (policy.locationEnabled ? (sources.isEmpty ? "location enabled" : "forbids \(sources.joined(separator: ", "))") : "location off"))
        } else {
            lines.append("Policy      none (\(policyPath) does not exist)")
        }
        lines.append("Decision    \(decisionPath)")
        // Starting a GeoClue client to ask could send nearby Wi-Fi networks
        // to a web service, so status does not: each locating run does.
        lines.append("GeoClue     the desktop's switch and \(Restriction.geoclueConfigurationPath) are checked whenever forecastly locates through it")
        if let place = storedPlace, let coordinate = place.coordinate {
            lines.append("Place       stored: \(place.name.map { "\($0), " } ?? "")\(coordinate)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A state as a person reads it: "authorized (full accuracy)".
    public static func describe(_ state: AuthorizationState) -> String {
        switch state {
        case .notDetermined: "notDetermined (forecastly asks on the next run in a terminal)"
        case .denied: "denied"
        case .restricted(_, let restriction): "restricted by \(restriction.description.prefix(1).lowercased() + restriction.description.dropFirst())"
        case .authorized(let grant): "authorized (\(grant.accuracy.rawValue) accuracy)"
        }
    }
}
