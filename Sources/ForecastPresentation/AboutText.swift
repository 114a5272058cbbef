public import ForecastlyLocalization
import ForecastlyBase

/// `about`'s text: a heading per kind of source, each source under it with
/// its credit on the first line and the rest indented under the credit.
public enum AboutText {
    public static func render(_ about: About, words: Words = .english) -> String {
        let files = (settings: words("settings"), data: words("data"), cache: words("cache"))
        // The names in one column, as wide as the longest (a translated "settings" may be longer than any id).
        let names = (about.providers + [about.airQuality] + about.warnings).map(\.id) + ["GeoNames", files.settings, files.data, files.cache]
        let column = 2 + max(11, names.map(TextWidth.of).max() ?? 0) + 1
        func entry(_ name: String, _ lines: [String]) -> [String] {
            guard let first = lines.first else { return [] }
            return ["  " + TextWidth.pad(name, to: column - 2) + first] + lines.dropFirst().map { String(repeating: " ", count: column) + $0 }
        }
        func service(_ service: About.Service) -> [String] {
            var lines = [service.credit.attribution,
                         service.credit.url + " · " + words("licence {license}", ["license": service.credit.license])]
            if let terms = service.terms { lines.append(words("terms: {terms}", ["terms": terms])) }
            let server = service.server ?? words("({variable} is invalid)", ["variable": service.serverVariable])
            lines.append(words("server: {server}", ["server": server])
                         + (service.minimumIntervalMinutes.map { " · " + words("asked at most every {minutes} minutes", ["minutes": "\($0)"]) } ?? ""))
            return entry(service.id, lines)
        }
        let places = about.places.map {
            words("{count} places from {source}: {path}", ["count": words.grouped($0.count), "source": $0.source, "path": $0.path])
        } ?? words("the place index cannot be opened ('forecastly cities status' says why)")
        var lines = [
            "forecastly \(about.version)",
            words.say(MessageText("The weather where you are, from {providers} (--provider).", messages: ["providers": [.oneOf(about.providers.map(\.credit.name))]])),
            words("forecastly itself: licence {license} (the LICENSE file; {url}).", ["license": about.license, "url": about.projectURL]),
            "", words("Weather providers"),
        ]
        lines += about.providers.flatMap(service)
        lines += ["", words("Air quality")] + service(about.airQuality)
        lines += ["", words("Weather warnings")] + about.warnings.flatMap(service)
        lines += ["", words("Places")] + entry("GeoNames", ["GeoNames (https://www.geonames.org/) · " + words("licence {license}", ["license": "CC BY 4.0"]), places])
        lines += ["", words("Files")]
        lines += entry(files.settings, [about.directories.settings]) + entry(files.data, [about.directories.data])
            + entry(files.cache, [about.directories.cache])
        lines += ["", words("Time-zone data {version} (ICU). Built with libgps API {api} (gpsd default port {port}).",
                            ["version": about.timeZoneData, "api": about.libgpsAPI, "port": "\(about.gpsdPort)"])]
        return lines.joined(separator: "\n") + "\n"
    }
}
