public import ForecastCore
public import ForecastlyLocalization
import ForecastlyBase

/// What `forecastly about` says: the version, each data source with its
/// credit, licence, terms and the server it is asked at, the places and
/// where the files are. The application gathers it (`Application.about()`);
/// this says it in the user's language. Credits, licences and terms stay as
/// their owners wrote them.
public struct About: Sendable {
    /// A service forecastly asks, and where.
    public struct Service: Sendable {
        public var id: String
        public var credit: DataSource
        public var terms: String?
        /// The server's address, or nil when the variable naming it is refused.
        public var server: String?
        public var serverVariable: String
        /// Warning services are asked at most this often.
        public var minimumIntervalMinutes: Int?

        public init(id: String, credit: DataSource, terms: String? = nil, server: String?, serverVariable: String, minimumIntervalMinutes: Int? = nil) {
            self.id = id
            self.credit = credit
            self.terms = terms
            self.server = server
            self.serverVariable = serverVariable
            self.minimumIntervalMinutes = minimumIntervalMinutes
        }
    }

    /// The place index in use: how many places, from where, and its file.
    public struct PlaceIndex: Sendable {
        public var count: Int
        public var source: String
        public var path: String

        public init(count: Int, source: String, path: String) {
            self.count = count
            self.source = source
            self.path = path
        }
    }

    public var version: String
    public var license: String
    public var projectURL: String
    public var providers: [Service]
    public var providerNames: [String]
    public var airQuality: Service
    public var warnings: [Service]
    /// Nil when the place index cannot be opened.
    public var places: PlaceIndex?
    public var directories: (settings: String, data: String, cache: String)
    public var timeZoneData: String
    public var libgpsAPI: String
    public var gpsdPort: Int

    public init(version: String, license: String, projectURL: String, providers: [Service], providerNames: [String], airQuality: Service,
                warnings: [Service], places: PlaceIndex?, directories: (settings: String, data: String, cache: String),
                timeZoneData: String, libgpsAPI: String, gpsdPort: Int) {
        self.version = version
        self.license = license
        self.projectURL = projectURL
        self.providers = providers
        self.providerNames = providerNames
        self.airQuality = airQuality
        self.warnings = warnings
        self.places = places
        self.directories = directories
        self.timeZoneData = timeZoneData
        self.libgpsAPI = libgpsAPI
        self.gpsdPort = gpsdPort
    }
}

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
            words.say(MessageText("The weather where you are, from {providers} (--provider).", messages: ["providers": [.oneOf(about.providerNames)]])),
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
