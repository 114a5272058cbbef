public import DesktopNotifications
public import ForecastCore
public import Foundation
import LocationProvider
public import NetworkTransport

/// Everything outside the application, handed in: where it reads settings
/// and files (the environment), how it reaches services (the HTTP
/// transport), the store, the clock, the location sources, where the
/// permission is kept, who is asked for it, and who is told of warnings.
/// The CLI passes the machine's; a scenario passes simulated ones; a test
/// whichever it needs.
public struct AppContext: Sendable {
    /// The process environment: service endpoints (`FORECASTLY_*_URL`), the
    /// XDG directories, the locale.
    public var environment: [String: String]
    public var transport: any HTTPTransport
    public var store: StoreAccess
    public var places: PlaceBook
    /// Waits between a watch's refreshes, and when the permission records are read again.
    public var clock: any Clock<Duration>
    /// The wall-clock time: what a forecast's age and a warning's expiry are told from.
    public var now: @Sendable () -> Date
    public var backends: any LocationBackends
    public var records: any PermissionRecords
    public var asker: any PermissionAsker
    /// Told of warnings and rain while watching with notifications on.
    public var notifier: (any WeatherNotifier)?
    /// Whether forecastly may locate: `LocatingRule.standard`, unless a test
    /// hands in another to see what fails.
    public var rule: LocatingRule

    public init(
        environment: [String: String], transport: any HTTPTransport, store: StoreAccess, places: PlaceBook,
        clock: any Clock<Duration> = ContinuousClock(), now: @escaping @Sendable () -> Date = Date.init,
        backends: any LocationBackends, records: any PermissionRecords, asker: any PermissionAsker = NoPermissionAsker(),
        notifier: (any WeatherNotifier)? = nil, rule: LocatingRule = .standard
    ) {
        self.environment = environment
        self.transport = transport
        self.store = store
        self.places = places
        self.clock = clock
        self.now = now
        self.backends = backends
        self.records = records
        self.asker = asker
        self.notifier = notifier
        self.rule = rule
    }

    /// The machine's own: files in the XDG directories of `environment`,
    /// gpsd, GeoClue and the IP service, and the desktop's notifications.
    public static func system(
        environment: [String: String], transport: any HTTPTransport, asker: any PermissionAsker = NoPermissionAsker(),
        notifier: (any WeatherNotifier)? = DesktopNotifier()
    ) -> AppContext {
        AppContext(
            environment: environment, transport: transport, store: StoreAccess(environment: environment),
            places: PlaceBook(environment: environment), backends: SystemLocationBackends(environment: environment, transport: transport),
            records: FilePermissionRecords(environment: environment), asker: asker, notifier: notifier)
    }
}
