public import ForecastlyBase
public import ForecastlyLocalization
public import Foundation
public import LocationProvider

/// Where the user is, and the permission, as `location` and
/// `location status` show them.
public enum LocationText {
    /// A fix, a line each: coordinates, place, accuracy, source and age.
    public static func fix(_ fix: LocationFix, now: Date, words: Words = .english, width: Int? = nil) -> String {
        var rows = [
            (words("Latitude"), words.number("\(fix.coordinate.latitude)")),
            (words("Longitude"), words.number("\(fix.coordinate.longitude)")),
            (words("Accuracy"), fix.accuracyMeters.map { "±" + words.number(ValueFormat.distance($0)) }
                ?? words(fix.accuracy == .reduced ? "city level" : "unknown")),
            (words("Source"), fix.sourceSummary(words: words)),
            (words("Age"), words("{seconds} s", ["seconds": "\(Int(fix.age(at: now).rounded()))"])),
        ]
        if let place = fix.placeName { rows.insert((words("Place"), place), at: 2) }
        return LabelledLines.render(rows, width: width)
    }

    /// The permission, the policy and where they are kept, and the stored place.
    public static func status(
        _ state: AuthorizationState, policy: LocationPolicy, policyPath: String, decisionPath: String, storedPlace: StoredPlace?,
        words: Words = .english, width: Int? = nil
    ) -> String {
        var rows = [(words("Permission"), describe(state, words: words))]
        if let path = policy.path {
            let sources = policy.forbiddenSources.map(\.rawValue).sorted()
            let rule = policy.locationEnabled
                ? (sources.isEmpty ? words("location enabled") : words("forbids {sources}", ["sources": sources.joined(separator: ", ")]))
                : words("location off")
            rows.append((words("Policy"), "\(path): " + rule))
        } else {
            rows.append((words("Policy"), words("none ({path} does not exist)", ["path": policyPath])))
        }
        rows.append((words("Decision"), decisionPath))
        // Starting a GeoClue client to ask could send nearby Wi-Fi networks
        // to a web service, so status does not: each locating run does.
        rows.append(("GeoClue", words("the desktop's switch and {path} are checked whenever forecastly locates through it",
                                      ["path": Restriction.geoclueConfigurationPath])))
        if let place = storedPlace, let coordinate = place.coordinate {
            rows.append((words("Place"), words("stored: {place}", ["place": "\(place.name.map { "\($0), " } ?? "")\(coordinate)"])))
        }
        return LabelledLines.render(rows, width: width)
    }

    /// A state as a person reads it: "authorized (full accuracy)".
    public static func describe(_ state: AuthorizationState, words: Words = .english) -> String {
        switch state {
        case .notDetermined: words("not decided yet (forecastly asks on the next run in a terminal)")
        case .denied: words("denied")
        case .restricted(_, let restriction):
            words("restricted by {who}", ["who": Self.lowercasingFirst(words.say(restriction.subject))])
        case .authorized(let grant): words(grant.accuracy == .full ? "authorized (full accuracy)" : "authorized (reduced accuracy)")
        }
    }

    /// "the desktop's switch" inside a sentence. Every language here
    /// capitalizes only a sentence's first word, except German's nouns:
    /// its subjects begin with an article.
    static func lowercasingFirst(_ text: String) -> String {
        text.prefix(1).lowercased() + text.dropFirst()
    }
}
