public import ForecastCore
public import ForecastlyLocalization
public import Foundation

/// The next two hours, as the report, `%N` and the documents say them.
public enum NowcastText {
    /// "Rain starting in about 20 min, light, stopping around 15:10";
    /// "No rain expected in the next 2 hours".
    public static func summary(_ nowcast: Nowcast, now: Date, clock: PlaceClock, words: Words = .english) -> String {
        switch NowcastSummary(nowcast, now: now) {
        case .dry:
            return words("No rain expected in the next 2 hours")
        case .precipitation(let start, let end, let intensity, let snow):
            let how = words(intensity.rawValue)
            var text: String
            // Whole sentences, as a translator needs them (and as the catalog test finds them).
            switch (start, end, snow) {
            case (nil, nil, false): text = words("Rain for the next 2 hours, {intensity}", ["intensity": how])
            case (nil, nil, true): text = words("Snow for the next 2 hours, {intensity}", ["intensity": how])
            case (nil, _, false): text = words("Rain now, {intensity}", ["intensity": how])
            case (nil, _, true): text = words("Snow now, {intensity}", ["intensity": how])
            case (let start?, _, _):
                let when = inAbout(start.timeIntervalSince(now), words: words)
                text = snow ? words("Snow starting {when}, {intensity}", ["when": when, "intensity": how])
                    : words("Rain starting {when}, {intensity}", ["when": when, "intensity": how])
            }
            if let end { text += ", " + words("stopping around {time}", ["time": clock.time(end)]) }
            return text
        }
    }

    /// "in about 20 min" (to five minutes), "in a few minutes".
    static func inAbout(_ seconds: TimeInterval, words: Words = .english) -> String {
        let minutes = Int((seconds / 300).rounded()) * 5
        return minutes < 5 ? words("in a few minutes") : words("in about {minutes} min", ["minutes": "\(minutes)"])
    }

    /// One block per step, its height the rate: "▁▁▂▅▆▃▁▁▁" ("__.=#-___" in ASCII).
    public static func sparkline(_ nowcast: Nowcast, ascii: Bool) -> String {
        String(nowcast.steps.map { step -> Character in
            let rate = nowcast.rate(step)
            let level = rate < 0.1 ? 0 : rate < 1 ? 1 : rate < 2.5 ? 2 : rate < 5 ? 3 : rate < 7.6 ? 4 : 5
            return Array(ascii ? "_.-=##" : "▁▂▃▅▆█")[level]
        })
    }
}
