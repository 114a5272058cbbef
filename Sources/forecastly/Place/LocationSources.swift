import ForecastCore
import ForecastlyBase
import Foundation
import LocationProvider
import NetworkTransport

/// The sources that can find the user, as `--source` chooses them: each
/// one guarded by the permission, so it only runs while locating is
/// permitted, and the stored place (which needs no permission).
struct LocationSources {
    let environment: [String: String]
    let permission: LocationPermission

    static func load(environment: [String: String] = ProcessInfo.processInfo.environment) async -> LocationSources {
        LocationSources(environment: environment, permission: await LocationPermission.load(environment: environment))
    }

    var placeStore: PlaceStore { PlaceStore(directories: XDGDirectories(environment: environment)) }

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

    /// The source for --source, with every non-manual backend guarded.
    /// `onSatellites` receives gpsd's satellite counts while it waits for a fix.
    func provider(
        _ settings: LocatingSettings, transport: any HTTPTransport,
        onSatellites: @escaping @Sendable (Int, Int) -> Void = { _, _ in }
    ) throws -> any LocationProvider {
        let policy = permission.policy
        func guarded(_ base: any LocationProvider) -> any LocationProvider {
            AuthorizedLocationProvider(base, authorization: permission.authorization)
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
            return AutomaticLocationProvider(chain, firstFixTimeout: settings.timeout) { source, error in
                let reason = error.summary.hasSuffix(".") ? String(error.summary.dropLast()) : error.summary
                Diagnostics.logger.debug("location: \(source.rawValue) gave no location (\(reason)); asking the next source")
            }
        }
    }

    /// What the permission prompt names: every service a lookup would reach.
    func servicesDescription(_ settings: LocatingSettings, transport: any HTTPTransport) -> String {
        let policy = permission.policy
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

    /// The one path from --source to a source that may locate the user:
    /// the permission is decided first (`LocationPermission`), then the
    /// guarded backends are handed over. A stored place needs no permission.
    func permittedSource(
        _ settings: LocatingSettings, transport: any HTTPTransport,
        onSatellites: @escaping @Sendable (Int, Int) -> Void = { _, _ in }
    ) async throws -> PermittedSource {
        let provider = try self.provider(settings, transport: transport, onSatellites: onSatellites)
        if settings.source != .manual {
            try await permission.requireAuthorized(toAsk: servicesDescription(settings, transport: transport))
        }
        return PermittedSource(permission: permission, provider: provider, timeout: settings.timeout)
    }
}

/// A location source that may be asked now. Its backends stay guarded by
/// the authorization, so a permission withdrawn meanwhile still stops them.
struct PermittedSource {
    let permission: LocationPermission
    let provider: any LocationProvider
    let timeout: Duration

    var authorization: LocationAuthorization { permission.authorization }
}
