public import ForecastCore

/// What `forecastly about` says: the version, each data source with its
/// credit, licence, terms and the server it is asked at, the places and
/// where the files are. The application gathers it (`Application.about()`);
/// `AboutText` says it in the user's language. Credits, licences and terms
/// stay as their owners wrote them.
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
    public var airQuality: Service
    public var warnings: [Service]
    /// Nil when the place index cannot be opened.
    public var places: PlaceIndex?
    public var directories: (settings: String, data: String, cache: String)
    public var timeZoneData: String
    public var libgpsAPI: String
    public var gpsdPort: Int

    public init(version: String, license: String, projectURL: String, providers: [Service], airQuality: Service,
                warnings: [Service], places: PlaceIndex?, directories: (settings: String, data: String, cache: String),
                timeZoneData: String, libgpsAPI: String, gpsdPort: Int) {
        self.version = version
        self.license = license
        self.projectURL = projectURL
        self.providers = providers
        self.airQuality = airQuality
        self.warnings = warnings
        self.places = places
        self.directories = directories
        self.timeZoneData = timeZoneData
        self.libgpsAPI = libgpsAPI
        self.gpsdPort = gpsdPort
    }
}
