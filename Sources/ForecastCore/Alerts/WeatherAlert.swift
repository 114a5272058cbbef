public import Foundation

/// One official warning, as a national weather service issued it: the CAP
/// fields every service shares (the NWS, MET Norway's MetAlerts and the
/// MeteoAlarm feeds all speak CAP), in the language the service sent.
public struct WeatherAlert: Sendable, Hashable, Codable, Identifiable {
    public var id: String
    /// "Flood Watch", "Gale", "Moderate avalanches warning".
    public var event: String
    public var severity: AlertSeverity
    /// CAP's urgency and certainty words ("Immediate", "Likely"), as sent.
    public var urgency: String?
    public var certainty: String?
    public var onset: Date?
    /// When this message stops being valid; an alert past it is never shown.
    public var expires: Date
    /// When the hazard ends, where the service says so apart from `expires` (the NWS).
    public var ends: Date?
    public var headline: String
    public var description: String?
    public var instruction: String?
    /// Who issued it ("NWS Honolulu HI", "MET Norway", "KNMI").
    public var sender: String
    /// The areas in the service's own words.
    public var areas: [String]
    public var link: String?
    /// Where it applies, as far as forecastly can tell (see `AlertArea`).
    public var area: AlertArea
    public var source: AlertSource

    public init(
        id: String, event: String, severity: AlertSeverity, urgency: String? = nil, certainty: String? = nil,
        onset: Date? = nil, expires: Date, ends: Date? = nil, headline: String, description: String? = nil,
        instruction: String? = nil, sender: String, areas: [String] = [], link: String? = nil,
        area: AlertArea, source: AlertSource
    ) {
        self.id = id
        self.event = event
        self.severity = severity
        self.urgency = urgency
        self.certainty = certainty
        self.onset = onset
        self.expires = expires
        self.ends = ends
        self.headline = headline
        self.description = description
        self.instruction = instruction
        self.sender = sender
        self.areas = areas
        self.link = link
        self.area = area
        self.source = source
    }

    /// Until when the warning is shown: the hazard's end where known, else the message's expiry.
    public var until: Date { ends ?? expires }

    /// Whether it may be shown at `now`: not yet expired.
    public func isActive(at now: Date) -> Bool { expires > now }
}

/// CAP's severity, ordered from the least to the worst.
public enum AlertSeverity: String, Sendable, Hashable, Codable, Comparable, CaseIterable {
    case unknown, minor, moderate, severe, extreme

    /// CAP's word, also MeteoAlarm's third field of `awareness_level`.
    public init(cap text: String?) {
        switch text?.lowercased() {
        case "minor": self = .minor
        case "moderate": self = .moderate
        case "severe": self = .severe
        case "extreme": self = .extreme
        default: self = .unknown
        }
    }

    public var word: String {
        switch self {
        case .unknown: "Unknown"
        case .minor: "Minor"
        case .moderate: "Moderate"
        case .severe: "Severe"
        case .extreme: "Extreme"
        }
    }

    public static func < (a: AlertSeverity, b: AlertSeverity) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}
