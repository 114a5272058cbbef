public import ForecastCore
public import ForecastlyLocalization
public import Foundation

/// Official warnings in words: the report's lines above "Now", the short
/// form of `%A`, one line and Waybar, and the full text of `forecastly alerts`.
public enum AlertText {
    /// "until 16:00", or "until Sat 15 Aug 16:00" when it is not today at the place.
    public static func until(_ alert: WeatherAlert, clock: PlaceClock, now: Date, words: Words = .english) -> String {
        let end = alert.until
        let sameDay = clock.localDate(end) == clock.localDate(now)
        return words("until {time}", ["time": (sameDay ? "" : words.day(clock.localDate(end)) + " ") + clock.time(end)])
    }

    /// The parts of a warning's line in the report: severity, headline, until when, who issued it.
    public static func parts(_ alert: WeatherAlert, clock: PlaceClock, now: Date, style: TerminalStyle, words: Words = .english) -> [String] {
        [style.severity(words(alert.severity.word), alert.severity) + " " + title(alert), until(alert, clock: clock, now: now, words: words), alert.sender]
    }

    /// The headline where it is short ("Wind - Yellow warning for Drenthe");
    /// the event where the headline is a sentence of its own that repeats
    /// the times and the sender (the NWS's, MET Norway's): those are on the line already.
    public static func title(_ alert: WeatherAlert) -> String {
        alert.headline.count <= 60 ? alert.headline : alert.event
    }

    /// Said when there is nothing to show but the reason matters: no service
    /// covers the place, or warnings in the country forecastly cannot place.
    public static func remark(_ alerts: PlaceAlerts, words: Words = .english) -> String? {
        switch alerts {
        case .noService:
            return words("No warning service covers this place")
        case .covered(let coverage):
            guard !coverage.unplaced.isEmpty else { return nil }
            // Counted after a colon, so no language needs a plural form here.
            return words("Warnings elsewhere in the country, for regions forecastly cannot place: {count} (forecastly alerts)",
                         ["count": "\(coverage.unplaced.count)"])
        }
    }

    /// "Severe: Flash Flood Warning" (+N for more), for `%A` and Waybar;
    /// empty when none is in force.
    public static func short(_ alerts: PlaceAlerts, words: Words = .english) -> String {
        let active = alerts.active
        guard let worst = active.first else { return "" }
        return "\(words(worst.severity.word)): \(worst.event)" + (active.count > 1 ? " +\(active.count - 1)" : "")
    }

    /// The Waybar class of the worst warning in force: "alert-severe".
    public static func waybarClass(_ alerts: PlaceAlerts) -> String? {
        alerts.active.first.map { "alert-\($0.severity.rawValue)" }
    }

    /// `forecastly alerts`: every warning in force at the place in full, the
    /// ones forecastly cannot place, or why there are none. The warnings'
    /// own text is the service's, in the language it was asked for.
    public static func full(_ alerts: PlaceAlerts, placeName: String, clock: PlaceClock, now: Date, style: TerminalStyle, words: Words = .english) -> String {
        guard case .covered(let coverage) = alerts else {
            return words("No warning service covers {place}: forecastly asks the US National Weather Service, MET Norway and MeteoAlarm (Europe).",
                         ["place": placeName]) + "\n"
        }
        var lines: [String] = []
        let asOf = words("{source}, as of {time}", ["source": coverage.source.name, "time": moment(coverage.asOf, clock: clock, words: words)])
        if coverage.active.isEmpty {
            lines.append(words("No warnings in force for {place} ({time}).", ["place": placeName, "time": asOf]))
        } else {
            lines.append(style.bold(words("Warnings for {place}: {count}", ["place": placeName, "count": "\(coverage.active.count)"])) + " (\(asOf))")
        }
        for alert in coverage.active { lines += [""] + block(alert, clock: clock, now: now, style: style, words: words) }
        if !coverage.unplaced.isEmpty {
            lines += ["", style.bold(words("Elsewhere in the country")) + " "
                + words("(regions without an outline forecastly can match to {place}; check whether yours is listed)", ["place": placeName])]
            for alert in coverage.unplaced {
                lines.append("  " + style.severity(words(alert.severity.word), alert.severity) + " \(alert.event) "
                    + "\(until(alert, clock: clock, now: now, words: words)): " + alert.areas.joined(separator: ", "))
            }
        }
        lines += ["", style.dim(coverage.source.credit.attribution)]
        return lines.joined(separator: "\n") + "\n"
    }

    static func block(_ alert: WeatherAlert, clock: PlaceClock, now: Date, style: TerminalStyle, words: Words = .english) -> [String] {
        var lines = [style.severity(words(alert.severity.word).uppercased(), alert.severity) + "  " + style.bold(alert.headline)]
        var facts = [until(alert, clock: clock, now: now, words: words)]
        if let onset = alert.onset, onset > now { facts.insert(words("from {time}", ["time": moment(onset, clock: clock, words: words)]), at: 0) }
        facts += [alert.urgency, alert.certainty].compactMap { $0 }
        lines.append(facts.joined(separator: " · "))
        if let description = alert.description { lines += ["", description] }
        if let instruction = alert.instruction { lines += ["", instruction] }
        lines.append("")
        // The labels' column is as wide as the longest label in the language, plus two.
        var rows: [(String, String)] = []
        if !alert.areas.isEmpty { rows.append((words("Areas:"), alert.areas.joined(separator: "; "))) }
        rows.append((words("From:"), alert.sender))
        if let link = alert.link { rows.append((words("More:"), link)) }
        let width = rows.map { TextWidth.of($0.0) }.max()! + 2
        lines += rows.map { TextWidth.pad($0.0, to: width) + $0.1 }
        return lines
    }

    /// "Sat 15 Aug 16:00" in the language's order of day and month.
    private static func moment(_ date: Date, clock: PlaceClock, words: Words) -> String {
        "\(words.day(clock.localDate(date))) \(clock.time(date))"
    }
}
