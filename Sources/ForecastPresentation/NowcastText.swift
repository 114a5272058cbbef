public import ForecastCore
public import Foundation

/// The next two hours, as the report, `%N` and the documents say them.
public enum NowcastText {
    /// "Rain starting in about 20 min, light, stopping around 15:10";
    /// "No rain expected in the next 2 hours".
    public static func summary(_ nowcast: Nowcast, now: Date, clock: PlaceClock) -> String {
        switch NowcastSummary(nowcast, now: now) {
        case .dry:
            return "No rain expected in the next 2 hours"
        case .precipitation(let start, let end, let intensity, let snow):
            let what = snow ? "Snow" : "Rain"
            var text: String
            switch (start, end) {
            case (nil, nil): text = "\(what) for the next 2 hours, \(intensity.rawValue)"
            case (nil, _): text = "\(what) now, \(intensity.rawValue)"
            case (let start?, _): text = "\(what) starting \(inAbout(start.timeIntervalSince(now))), \(intensity.rawValue)"
            }
            if let end { text += ", stopping around \(clock.time(end))" }
            return text
        }
    }

    /// "in about 20 min" (to five minutes), "in a few minutes".
    static func inAbout(_ seconds: TimeInterval) -> String {
        let minutes = Int((seconds / 300).rounded()) * 5
        return minutes < 5 ? "in a few minutes" : "in about \(minutes) min"
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
