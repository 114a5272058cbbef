public import ForecastCore
public import ForecastlyLocalization
import ForecastlyBase
public import Foundation

/// `forecastly chart --svg`: a standalone SVG meteogram in the manner of
/// yr.no's: the days shaded in turn, condition symbols along the top, the
/// temperature curve (red above freezing, blue below), precipitation bars
/// (the chance pale, the amount dark), wind speed and direction, the local
/// hours and days, the place and the provider's credit. Any browser opens it.
///
/// Everything is placed by `Layout`, which the tests use to know where the
/// curve and the bars must be in the rendered picture.
public struct MeteogramSVG: Sendable {
    public var forecast: Forecast
    public var placeName: String?
    public var hours: Int
    /// The language of the days, the numbers and the one sentence.
    public var words = Words.english

    public init(forecast: Forecast, placeName: String?, hours: Int = ForecastRequest.hourlyHorizon) {
        self.forecast = forecast
        self.placeName = placeName
        self.hours = hours
    }

    /// Where things go, in SVG user units (one per pixel at 1:1).
    public struct Layout: Sendable {
        public static let width = 960.0, height = 440.0
        public static let left = 56.0, right = 24.0
        public static let symbolsY = 64.0
        public static let curveTop = 96.0, curveBottom = 276.0
        public static let barsTop = 292.0, barsBottom = 352.0
        public static let axisY = 370.0, daysY = 388.0, windY = 410.0, creditY = 432.0
        /// The widest a character of the wind's 10-pixel labels is drawn.
        static let windCharacterWidth = 6.0

        public let start: Date
        public let end: Date
        public let low: Double
        public let high: Double
        /// The largest amount a full bar stands for (at least 2 mm or 0.1 in).
        public let fullBar: Double

        public func x(_ time: Date) -> Double {
            let span = max(end.timeIntervalSince(start), 1)
            return Self.left + time.timeIntervalSince(start) / span * (Self.width - Self.left - Self.right)
        }

        public func y(temperature: Double) -> Double {
            let span = max(high - low, 1)
            return Self.curveBottom - (temperature - low) / span * (Self.curveBottom - Self.curveTop)
        }

        /// The top of a bar for `fraction` of a full bar.
        public func barTop(_ fraction: Double) -> Double {
            Self.barsBottom - max(0, min(1, fraction)) * (Self.barsBottom - Self.barsTop)
        }
    }

    /// The steps drawn: the coming hours as the provider gives them.
    public var steps: [HourlyForecast] { Array(forecast.upcomingHours().prefix(hours)) }

    public var layout: Layout? {
        let steps = steps
        let temperatures = steps.compactMap(\.temperature)
        guard steps.count >= 2, let first = steps.first, let last = steps.last,
              let low = temperatures.min(), let high = temperatures.max() else { return nil }
        let end = last.time.addingTimeInterval(Double((last.stepHours ?? 1) * 3600))
        let most = steps.compactMap(\.precipitation).max() ?? 0
        let floor = forecast.units.precipitation == "mm" ? 2.0 : 0.1
        // A degree of headroom keeps the curve off the edges and its labels.
        return Layout(start: first.time, end: end, low: low - 1, high: high + 1, fullBar: max(most, floor))
    }

    public func render() -> String {
        let place = (placeName ?? forecast.requestedCoordinate.description).strippingTerminalControls(limit: 120)
        var svg = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            #"<svg xmlns="http://www.w3.org/2000/svg" width="\#(n(Layout.width))" height="\#(n(Layout.height))" viewBox="0 0 \#(n(Layout.width)) \#(n(Layout.height))" font-family="sans-serif" font-size="12">"#,
            #"<rect width="100%" height="100%" fill="\#(Self.hex("ffffff"))"/>"#,
            #"<text x="\#(n(Layout.left))" y="28" font-size="18" font-weight="bold" fill="\#(Self.hex("222222"))">\#(xml(place))</text>"#,
        ]
        guard let layout else {
            svg.append(#"<text x="\#(n(Layout.left))" y="60" fill="\#(Self.hex("555555"))">\#(xml(words("No hourly forecast to draw.")))</text>"#)
            svg += credit()
            return (svg + ["</svg>"]).joined(separator: "\n") + "\n"
        }
        let steps = steps
        let clock = PlaceClock(timeZone: forecast.timeZone)
        svg += days(layout, clock: clock)
        svg += bars(steps, layout)
        svg += curve(steps, layout)
        svg += symbols(steps, layout, clock: clock)
        svg += axis(steps, layout, clock: clock)
        svg += wind(steps, layout, clock: clock)
        svg += credit()
        return (svg + ["</svg>"]).joined(separator: "\n") + "\n"
    }

    // MARK: Parts

    /// Every other local day shaded, its name at the bottom.
    private func days(_ layout: Layout, clock: PlaceClock) -> [String] {
        var parts: [String] = []
        var dayStart = layout.start
        var index = 0
        while dayStart < layout.end {
            let next = Self.nextMidnight(after: dayStart, clock: clock)
            let from = layout.x(dayStart), to = layout.x(min(next, layout.end))
            if index % 2 == 1 {
                parts.append(#"<rect x="\#(n(from))" y="\#(n(Layout.curveTop - 20))" width="\#(n(to - from))" height="\#(n(Layout.barsBottom - Layout.curveTop + 20))" fill="\#(Self.hex("f1f3f6"))"/>"#)
            }
            if to - from > 60 {
                parts.append(#"<text x="\#(n(from + 4))" y="\#(n(Layout.daysY))" fill="\#(Self.hex("333333"))">\#(xml(words.day(clock.localDate(dayStart))))</text>"#)
            }
            dayStart = next
            index += 1
        }
        return parts
    }

    /// The chance of precipitation pale and wide, the amount dark and narrow.
    private func bars(_ steps: [HourlyForecast], _ layout: Layout) -> [String] {
        var parts: [String] = []
        for step in steps {
            let from = layout.x(step.time)
            let width = layout.x(step.time.addingTimeInterval(Double((step.stepHours ?? 1) * 3600))) - from
            if let chance = step.precipitationProbability, chance > 0 {
                let top = layout.barTop(chance / 100)
                parts.append(#"<rect x="\#(n(from + 1))" y="\#(n(top))" width="\#(n(max(1, width - 2)))" height="\#(n(Layout.barsBottom - top))" fill="\#(Self.hex("cfe3f7"))"/>"#)
            }
            if let amount = step.precipitation, amount > 0 {
                let top = layout.barTop(amount / layout.fullBar)
                parts.append(#"<rect x="\#(n(from + width * 0.2))" y="\#(n(top))" width="\#(n(max(1, width * 0.6)))" height="\#(n(Layout.barsBottom - top))" fill="\#(Self.hex("1f6fc5"))"/>"#)
            }
        }
        let unit = forecast.units.precipitation
        parts.append(#"<text x="\#(n(Layout.left - 6))" y="\#(n(Layout.barsTop + 10))" text-anchor="end" font-size="10" fill="\#(Self.hex("1f6fc5"))">\#(xml(words.number(ValueFormat.decimal(layout.fullBar, places: unit == "mm" ? 1 : 2)) + " " + words.unit(unit)))</text>"#)
        parts.append(#"<line x1="\#(n(Layout.left))" y1="\#(n(Layout.barsBottom))" x2="\#(n(Layout.width - Layout.right))" y2="\#(n(Layout.barsBottom))" stroke="\#(Self.hex("999999"))"/>"#)
        return parts
    }

    /// The curve twice, clipped above and below freezing, and the extremes labelled.
    private func curve(_ steps: [HourlyForecast], _ layout: Layout) -> [String] {
        let points = steps.compactMap { step in step.temperature.map { (x: layout.x(step.time), y: layout.y(temperature: $0), value: $0) } }
        let path = points.map { "\(n($0.x)),\(n($0.y))" }.joined(separator: " ")
        let freezing = forecast.units.temperature.contains("F") ? 32.0 : 0
        let zero = min(max(layout.y(temperature: freezing), Layout.curveTop - 20), Layout.curveBottom + 20)
        let unit = forecast.units.temperature
        var parts = [
            "<defs>",
            #"<clipPath id="warm"><rect x="0" y="0" width="\#(n(Layout.width))" height="\#(n(zero))"/></clipPath>"#,
            #"<clipPath id="cold"><rect x="0" y="\#(n(zero))" width="\#(n(Layout.width))" height="\#(n(Layout.height - zero))"/></clipPath>"#,
            "</defs>",
        ]
        if layout.low < freezing, freezing < layout.high {
            parts.append(#"<line x1="\#(n(Layout.left))" y1="\#(n(zero))" x2="\#(n(Layout.width - Layout.right))" y2="\#(n(zero))" stroke="\#(Self.hex("8899aa"))" stroke-dasharray="4 3"/>"#)
        }
        parts.append(#"<polyline points="\#(path)" fill="none" stroke="\#(Self.hex("d62728"))" stroke-width="3" stroke-linejoin="round" clip-path="url(#warm)"/>"#)
        parts.append(#"<polyline points="\#(path)" fill="none" stroke="\#(Self.hex("1f77d4"))" stroke-width="3" stroke-linejoin="round" clip-path="url(#cold)"/>"#)
        if let highest = points.max(by: { $0.value < $1.value }), let lowest = points.min(by: { $0.value < $1.value }) {
            parts.append(#"<text x="\#(n(highest.x))" y="\#(n(highest.y - 8))" text-anchor="middle" font-weight="bold" fill="\#(Self.hex("d62728"))">\#(xml(ValueFormat.temperature(highest.value, unit: unit)))</text>"#)
            parts.append(#"<text x="\#(n(lowest.x))" y="\#(n(lowest.y + 18))" text-anchor="middle" font-weight="bold" fill="\#(Self.hex("1f77d4"))">\#(xml(ValueFormat.temperature(lowest.value, unit: unit)))</text>"#)
        }
        return parts
    }

    /// A small drawn symbol every three local hours (no emoji font needed).
    private func symbols(_ steps: [HourlyForecast], _ layout: Layout, clock: PlaceClock) -> [String] {
        steps.enumerated().compactMap { index, step in
            guard index == 0 || clock.hour(step.time) % 3 == 0, let condition = step.condition else { return nil }
            return Self.symbol(condition.cssClass(isDay: step.isDay ?? true), x: layout.x(step.time), y: Layout.symbolsY)
        }
    }

    private func axis(_ steps: [HourlyForecast], _ layout: Layout, clock: PlaceClock) -> [String] {
        steps.compactMap { step in
            let hour = clock.hour(step.time)
            guard hour % 6 == 0 else { return nil }
            return #"<text x="\#(n(layout.x(step.time)))" y="\#(n(Layout.axisY))" text-anchor="middle" font-size="10" fill="\#(Self.hex("555555"))">\#(hour < 10 ? "0" : "")\#(hour)</text>"#
        }
    }

    /// Speed and an arrow pointing where the wind blows, every six local hours.
    private func wind(_ steps: [HourlyForecast], _ layout: Layout, clock: PlaceClock) -> [String] {
        steps.compactMap { step in
            guard clock.hour(step.time) % 6 == 3, let speed = step.windSpeed else { return nil }
            let x = layout.x(step.time)
            let label = words.speed(speed, unit: forecast.units.windSpeed)
            // Right of the arrow, or left of it where the picture ends first
            // (10-pixel sans-serif: at most about 6 pixels a character).
            let fitsRight = x + 8 + Double(label.count) * Layout.windCharacterWidth <= Layout.width - 2
            let anchor = fitsRight ? #"x="\#(n(x + 8))""# : #"x="\#(n(x - 8))" text-anchor="end""#
            var part = #"<text \#(anchor) y="\#(n(Layout.windY + 4))" font-size="10" fill="\#(Self.hex("444444"))">\#(xml(label))</text>"#
            if let from = step.windDirection {
                part += #"<g transform="translate(\#(n(x)) \#(n(Layout.windY))) rotate(\#(n((from + 180).truncatingRemainder(dividingBy: 360))))"><line x1="0" y1="6" x2="0" y2="-6" stroke="\#(Self.hex("444444"))" stroke-width="1.5"/><polyline points="-3,-2 0,-6 3,-2" fill="none" stroke="\#(Self.hex("444444"))" stroke-width="1.5"/></g>"#
            }
            return part
        }
    }

    private func credit() -> [String] {
        [#"<text x="\#(n(Layout.width - Layout.right))" y="\#(n(Layout.creditY))" text-anchor="end" font-size="11" fill="\#(Self.hex("666666"))">\#(xml(forecast.provider.source.attribution))</text>"#]
    }

    /// A condition drawn with a few shapes, centred on (x, y).
    static func symbol(_ kind: String, x: Double, y: Double) -> String {
        let cloud = #"<ellipse cx="\#(n(x))" cy="\#(n(y))" rx="11" ry="7" fill="\#(Self.hex("9aa5b1"))"/>"#
        let drops = (-1...1).map { #"<line x1="\#(n(x + Double($0) * 6))" y1="\#(n(y + 9))" x2="\#(n(x + Double($0) * 6 - 2))" y2="\#(n(y + 15))" stroke="\#(Self.hex("1f6fc5"))" stroke-width="2"/>"# }.joined()
        let flakes = (-1...1).map { #"<circle cx="\#(n(x + Double($0) * 6))" cy="\#(n(y + 12))" r="2" fill="\#(Self.hex("ffffff"))" stroke="\#(Self.hex("5b7fa6"))"/>"# }.joined()
        switch kind {
        case "clear": return #"<circle cx="\#(n(x))" cy="\#(n(y))" r="8" fill="\#(Self.hex("f5b700"))"/>"#
        case "clear-night": return #"<circle cx="\#(n(x))" cy="\#(n(y))" r="7" fill="\#(Self.hex("c8cdd6"))"/>"#
        case "partly-cloudy": return #"<circle cx="\#(n(x - 5))" cy="\#(n(y - 4))" r="7" fill="\#(Self.hex("f5b700"))"/>"# + cloud
        case "partly-cloudy-night": return #"<circle cx="\#(n(x - 5))" cy="\#(n(y - 4))" r="6" fill="\#(Self.hex("c8cdd6"))"/>"# + cloud
        case "cloudy": return cloud
        case "fog", "haze": return (0..<3).map { #"<line x1="\#(n(x - 10))" y1="\#(n(y - 5 + Double($0) * 5))" x2="\#(n(x + 10))" y2="\#(n(y - 5 + Double($0) * 5))" stroke="\#(Self.hex("9aa5b1"))" stroke-width="2"/>"# }.joined()
        case "drizzle", "rain", "freezing-rain": return cloud + drops
        case "sleet": return cloud + drops + flakes
        case "snow": return cloud + flakes
        case "thunderstorm": return cloud + #"<polyline points="\#(n(x)),\#(n(y + 4)) \#(n(x - 4)),\#(n(y + 12)) \#(n(x + 2)),\#(n(y + 12)) \#(n(x - 2)),\#(n(y + 20))" fill="none" stroke="\#(Self.hex("f5b700"))" stroke-width="2"/>"#
        case "wind": return (0..<2).map { #"<path d="M\#(n(x - 10)) \#(n(y - 3 + Double($0) * 6)) q 10 -5 20 0" fill="none" stroke="\#(Self.hex("9aa5b1"))" stroke-width="2"/>"# }.joined()
        default: return #"<text x="\#(n(x))" y="\#(n(y + 4))" text-anchor="middle" fill="\#(Self.hex("9aa5b1"))">?</text>"#
        }
    }

    static func nextMidnight(after date: Date, clock: PlaceClock) -> Date {
        // Local midnight: an hour at a time is exact across daylight-saving changes.
        var time = date.addingTimeInterval(3600 - date.timeIntervalSince1970.truncatingRemainder(dividingBy: 3600))
        while clock.hour(time) != 0 { time = time.addingTimeInterval(3600) }
        return time
    }

    /// "#rrggbb": written through here because "# ends a raw string literal.
    static func hex(_ digits: String) -> String { "#" + digits }

    /// A number with at most one decimal, the same on every machine.
    private func n(_ value: Double) -> String { Self.n(value) }
    static func n(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }

    private func xml(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
