public import ForecastlyBase

/// Who turns locating off, when the user cannot: each has its own place to
/// change it, which messages and `location status` name.
public enum Restriction: Sendable, Hashable {
    /// forecastly's own administrator policy (`/etc/forecastly/policy.json`).
    case policyFile(path: String?)
    /// The desktop's Location Services switch is off (GeoClue: "Geolocation
    /// disabled"). Core Location calls a switched-off device `denied`; here
    /// it is restricted, because nothing forecastly does can lift it.
    case desktopSwitchOff
    /// The administrator forbids forecastly in GeoClue's configuration
    /// (`allowed=false` for its desktop id in `/etc/geoclue/geoclue.conf`).
    case geoclueConfiguration(path: String)

    public static let geoclueConfigurationPath = "/etc/geoclue/geoclue.conf"

    /// The name used in `location status --json`.
    public var name: String {
        switch self {
        case .policyFile: "policy"
        case .desktopSwitchOff: "desktopSwitch"
        case .geoclueConfiguration: "geoclueConfiguration"
        }
    }

    /// What turns locating off, as a sentence's subject.
    public var subject: MessageText {
        switch self {
        case .policyFile(let path): MessageText("An administrator's policy ({path})", ["path": path ?? LocationPolicy.defaultPath])
        case .desktopSwitchOff: MessageText("The desktop's Location Services switch")
        case .geoclueConfiguration(let path): MessageText("The administrator's GeoClue configuration ({path})", ["path": path])
        }
    }

    /// In English.
    public var description: String { subject.text }

    /// Who can lift it, and how.
    public var whoCanChangeIt: MessageText {
        switch self {
        case .policyFile: MessageText("Give --lat/--lon or --city instead, or ask the administrator.")
        case .desktopSwitchOff: MessageText("Switch Location Services on in the desktop's privacy settings, or give --lat/--lon or --city.")
        case .geoclueConfiguration: MessageText("Ask the administrator to allow forecastly there, or give --lat/--lon or --city.")
        }
    }
}
