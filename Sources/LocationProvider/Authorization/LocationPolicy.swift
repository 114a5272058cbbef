public import ForecastlyBase
import Foundation

/// An administrator's policy, from `/etc/forecastly/policy.json` (or
/// `FORECASTLY_POLICY_FILE`). The user cannot override it.
///
/// `{"location": "disabled"}` turns locating off; `{"location": "enabled",
/// "sources": {"ip": false}}` forbids IP lookups only. It is what the file
/// says; what that means for a request is decided by the application's
/// rule (typed coordinates and the stored place are never restricted).
public struct LocationPolicy: Sendable, Hashable {
    public static let defaultPath = "/etc/forecastly/policy.json"
    public static let pathVariable = "FORECASTLY_POLICY_FILE"

    public var path: String?
    public var locationEnabled: Bool
    public var forbiddenSources: Set<LocationSourceKind>
    /// Why the policy file could not be used; such a policy disables location.
    public var problem: MessageText?

    public static let unrestricted = LocationPolicy(path: nil, locationEnabled: true, forbiddenSources: [])

    public init(path: String?, locationEnabled: Bool, forbiddenSources: Set<LocationSourceKind>, problem: MessageText? = nil) {
        self.path = path
        self.locationEnabled = locationEnabled
        self.forbiddenSources = forbiddenSources
        self.problem = problem
    }

    /// Reads the policy. No file means no policy. A file that exists but
    /// cannot be read or understood fails closed: location is disabled and
    /// the problem names the file, because an administrator wrote it to
    /// restrict something.
    public static func load(environment: [String: String]) -> LocationPolicy {
        load(path: path(environment: environment))
    }

    /// The file the policy is read from: FORECASTLY_POLICY_FILE, or the default.
    public static func path(environment: [String: String]) -> String {
        environment[pathVariable].flatMap { $0.isEmpty ? nil : $0 } ?? defaultPath
    }

    public static func load(path: String) -> LocationPolicy {
        guard FileManager.default.fileExists(atPath: path) else { return .unrestricted }
        func closed(_ why: MessageText) -> LocationPolicy {
            LocationPolicy(path: path, locationEnabled: false, forbiddenSources: [], problem: why)
        }
        let file = ["path": path]
        guard let data = FileManager.default.contents(atPath: path) else {
            return closed(MessageText("{path} cannot be read; location stays off until it is fixed.", file))
        }
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            return closed(MessageText("{path} is not a JSON object; location stays off until it is fixed.", file))
        }
        let enabled: Bool
        switch object["location"] {
        case nil, "enabled" as String: enabled = true
        case "disabled" as String: enabled = false
        default: return closed(MessageText("{path} has a \"location\" value other than \"enabled\" or \"disabled\"; location stays off until it is fixed.", file))
        }
        var forbidden: Set<LocationSourceKind> = []
        if let sources = object["sources"] {
            guard let table = sources as? [String: Any] else {
                return closed(MessageText("{path} has \"sources\" that is not an object; location stays off until it is fixed.", file))
            }
            for (name, value) in table {
                let values = ["path": path, "name": name.strippingTerminalControls(limit: 40)]
                guard let kind = LocationSourceKind(rawValue: name), kind != .manual else {
                    return closed(MessageText("{path} names an unknown source \"{name}\" (known: gpsd, geoclue, ip); location stays off until it is fixed.", values))
                }
                guard let allowed = value as? Bool else {
                    return closed(MessageText("{path} has a non-boolean value for \"{name}\"; location stays off until it is fixed.", values))
                }
                if !allowed { forbidden.insert(kind) }
            }
        }
        return LocationPolicy(path: path, locationEnabled: enabled, forbiddenSources: forbidden)
    }
}
