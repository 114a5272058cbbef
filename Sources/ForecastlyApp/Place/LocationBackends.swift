import ForecastCore
public import ForecastlyBase
import Foundation
public import LocationProvider
public import NetworkTransport

/// The sources that can say where the user is, before any permission is
/// applied: the application wraps each in the guard. The system's are gpsd,
/// GeoClue, the IP service and the stored place; a simulation supplies its
/// own.
public protocol LocationBackends: Sendable {
    /// The backend for `kind` (gpsd, GeoClue or the IP service).
    /// `onSatellites` receives gpsd's satellite counts while it waits for a fix.
    func backend(
        _ kind: LocationSourceKind, settings: LocatingSettings, onSatellites: @escaping @Sendable (Int, Int) -> Void
    ) throws -> any LocationProvider
    /// What the permission prompt names for `kind`: the service a lookup reaches.
    func describe(_ kind: LocationSourceKind, settings: LocatingSettings) -> MessageText
    /// Where the user's stored place is kept (`location set`).
    var placeStore: PlaceStore { get }
}

/// The machine's own sources: gpsd (`--gpsd`, `FORECASTLY_GPSD`), GeoClue,
/// and the IP service (`FORECASTLY_IPGEO_URL`).
public struct SystemLocationBackends: LocationBackends {
    public let environment: [String: String]
    public let transport: any HTTPTransport

    public init(environment: [String: String], transport: any HTTPTransport) {
        self.environment = environment
        self.transport = transport
    }

    public var placeStore: PlaceStore { PlaceStore(directories: XDGDirectories(environment: environment)) }

    public func backend(
        _ kind: LocationSourceKind, settings: LocatingSettings, onSatellites: @escaping @Sendable (Int, Int) -> Void
    ) throws -> any LocationProvider {
        switch kind {
        case .gpsd: GPSDLocationProvider(address: try gpsdAddress(settings), onSatellites: onSatellites)
        case .geoclue: GeoClueLocationProvider()
        case .ip: try ipProvider()
        case .manual: ManualLocationProvider(place: try placeStore.load().get())
        }
    }

    public func describe(_ kind: LocationSourceKind, settings: LocatingSettings) -> MessageText {
        switch kind {
        case .gpsd: MessageText("gpsd on {address}", ["address": (try? gpsdAddress(settings))?.description ?? GPSDAddress.default.description])
        case .geoclue: MessageText("the desktop's location service GeoClue (which may look up nearby Wi-Fi networks online)")
        case .ip: MessageText("the IP location service {service}", ["service": (try? ipProvider())?.serviceName ?? "ipwho.is"])
        case .manual: MessageText("your stored place")
        }
    }

    func gpsdAddress(_ settings: LocatingSettings) throws -> GPSDAddress {
        try GPSDLocationProvider.address(from: environment, override: settings.gpsd).get()
    }

    /// The IP service: FORECASTLY_IPGEO_URL or the HTTPS default. Plain HTTP
    /// off loopback (ip-api.com's free tier) only because the user set it.
    func ipProvider() throws -> IPGeolocationProvider {
        guard let text = environment[IPGeolocationProvider.urlVariable], !text.isEmpty else {
            return try IPGeolocationProvider(transport: transport)
        }
        guard let url = URL(string: text), url.host != nil else {
            throw ForecastError.invalidInput(.notAURL(variable: IPGeolocationProvider.urlVariable, text: text))
        }
        return try IPGeolocationProvider(url: url, transport: transport, allowInsecure: true)
    }
}
