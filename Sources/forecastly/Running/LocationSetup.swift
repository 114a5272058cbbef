import ForecastCore
import ForecastlyBase
import Foundation
import LocationProvider
import NetworkTransport

/// Everything the CLI needs to locate the user: the authorization (decision
/// file and policy), and the backends chosen with --source, each wrapped so
/// it only runs when permitted.
struct LocationSetup {
    let environment: [String: String]
    let directories: XDGDirectories
    let authorization: LocationAuthorization
    let policy: LocationPolicy

    /// - Parameter reportingWarnings: print what could not be read (a
    ///   damaged decision file, a bad policy); off when re-reading while watching.
    static func load(environment: [String: String] = ProcessInfo.processInfo.environment, reportingWarnings: Bool = true) async -> LocationSetup {
        let directories = XDGDirectories(environment: environment)
        let policy = LocationPolicy.load(environment: environment)
        let (authorization, warnings) = await LocationAuthorization.load(
            store: FileAuthorizationStore(directories: directories), policy: policy)
        if reportingWarnings {
            for warning in warnings { Terminal.standardError.writeLine("forecastly: warning: \(warning).") }
        }
        return LocationSetup(environment: environment, directories: directories, authorization: authorization, policy: policy)
    }

    var placeStore: PlaceStore { PlaceStore(directories: directories) }

    func gpsdAddress(_ settings: LocatingSettings) throws -> GPSDAddress {
        try GPSDLocationProvider.address(from: environment, override: settings.gpsd).get()
    }

    /// The IP service: FORECASTLY_IPGEO_URL or the HTTPS default. Plain HTTP
    /// off loopback (ip-api.com's free tier) only because the user set it.
    func ipProvider(transport: any HTTPTransport) throws -> IPGeolocationProvider {
        guard let text = environment[IPGeolocationProvider.urlVariable], !text.isEmpty else {
            return try IPGeolocationProvider(transport: transport)
        }
        guard let url = URL(string: text), url.host != nil else {
            throw ForecastError.invalidInput("\(IPGeolocationProvider.urlVariable) is not a URL: “\(text.strippingTerminalControls(limit: 80))”.")
        }
        return try IPGeolocationProvider(url: url, transport: transport, allowInsecure: true)
    }

    /// The provider for --source, with every non-manual backend guarded.
    /// `onSatellites` receives gpsd's satellite counts while it waits for a fix.
    func provider(
        _ settings: LocatingSettings, transport: any HTTPTransport,
        onSatellites: @escaping @Sendable (Int, Int) -> Void = { _, _ in }
    ) throws -> any LocationProvider {
        func guarded(_ base: any LocationProvider) -> any LocationProvider {
            AuthorizedLocationProvider(base, authorization: authorization)
        }
        func manual() throws -> ManualLocationProvider { ManualLocationProvider(place: try placeStore.load().get()) }
        switch settings.source {
        case .manual: return try manual()
        case .gpsd: return guarded(GPSDLocationProvider(address: try gpsdAddress(settings), onSatellites: onSatellites))
        case .geoclue: return guarded(GeoClueLocationProvider())
        case .ip: return guarded(try ipProvider(transport: transport))
        case .auto:
            // gpsd first: it checks a fix's quality itself, where GeoClue
            // passes on what receivers mark invalid.
            var chain: [any LocationProvider] = []
            if policy.allows(.gpsd) { chain.append(guarded(GPSDLocationProvider(address: try gpsdAddress(settings), onSatellites: onSatellites))) }
            if policy.allows(.geoclue) { chain.append(guarded(GeoClueLocationProvider())) }
            if policy.allows(.ip) { chain.append(guarded(try ipProvider(transport: transport))) }
            chain.append(try manual())
            return AutomaticLocationProvider(chain)
        }
    }

    /// What the permission prompt names: every service a lookup would reach.
    func servicesDescription(_ settings: LocatingSettings, transport: any HTTPTransport) -> String {
        let gpsd = "gpsd on \((try? gpsdAddress(settings))?.description ?? GPSDAddress.default.description)"
        let ip = "the IP location service \((try? ipProvider(transport: transport))?.serviceName ?? "ipwho.is")"
        let geoclue = "the desktop's location service GeoClue (which may look up nearby Wi-Fi networks online)"
        switch settings.source {
        case .gpsd: return gpsd
        case .geoclue: return geoclue
        case .ip: return ip
        case .manual: return "your stored place"
        case .auto:
            let parts = [policy.allows(.gpsd) ? gpsd : nil, policy.allows(.geoclue) ? geoclue : nil, policy.allows(.ip) ? ip : nil]
            return parts.compactMap { $0 }.joined(separator: " and, if that has no fix, ")
        }
    }

    /// The one path from --source to a source that may locate the user: the
    /// backends, each guarded by the authorization, once locating is
    /// permitted (asking on a terminal when undecided). A stored place needs
    /// no permission. Throws the location error (exit 77) in every state in
    /// which locating is not permitted.
    func permittedSource(
        _ settings: LocatingSettings, transport: any HTTPTransport,
        onSatellites: @escaping @Sendable (Int, Int) -> Void = { _, _ in }
    ) async throws -> PermittedSource {
        let provider = try self.provider(settings, transport: transport, onSatellites: onSatellites)
        if settings.source != .manual {
            try await PermissionPrompt.ensurePermission(setup: self, services: servicesDescription(settings, transport: transport))
        }
        return PermittedSource(authorization: authorization, provider: provider, timeout: settings.timeout)
    }
}

/// How to locate when no place is given: --source, --gpsd and --gps-timeout.
struct LocatingSettings: Sendable {
    var source: SourceChoice = .auto
    var gpsd: String?
    var timeout: Duration = .seconds(10)
}

/// A location source that may be asked now. Its backends stay guarded by
/// the authorization, so a permission withdrawn meanwhile still stops them.
struct PermittedSource {
    let authorization: LocationAuthorization
    let provider: any LocationProvider
    let timeout: Duration
}
