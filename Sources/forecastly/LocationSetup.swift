import ForecastCore
import Foundation
import LocationProvider
import NetworkTransport
import ForecastlyBase

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

    func gpsdAddress(_ options: LocationSourceOptions) throws -> GPSDAddress {
        try GPSDLocationProvider.address(from: environment, override: options.gpsd).get()
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
        _ options: LocationSourceOptions, transport: any HTTPTransport,
        onSatellites: @escaping @Sendable (Int, Int) -> Void = { _, _ in }
    ) throws -> any LocationProvider {
        func guarded(_ base: any LocationProvider) -> any LocationProvider {
            AuthorizedLocationProvider(base, authorization: authorization)
        }
        func manual() throws -> ManualLocationProvider { ManualLocationProvider(place: try placeStore.load().get()) }
        switch options.source {
        case .manual: return try manual()
        case .gpsd: return guarded(GPSDLocationProvider(address: try gpsdAddress(options), onSatellites: onSatellites))
        case .ip: return guarded(try ipProvider(transport: transport))
        case .auto:
            var chain: [any LocationProvider] = []
            if policy.allows(.gpsd) { chain.append(guarded(GPSDLocationProvider(address: try gpsdAddress(options), onSatellites: onSatellites))) }
            if policy.allows(.ip) { chain.append(guarded(try ipProvider(transport: transport))) }
            chain.append(try manual())
            return AutomaticLocationProvider(chain)
        }
    }

    /// What the permission prompt names: every service a lookup would reach.
    func servicesDescription(_ options: LocationSourceOptions, transport: any HTTPTransport) -> String {
        let gpsd = "gpsd on \((try? gpsdAddress(options))?.description ?? GPSDAddress.default.description)"
        let ip = "the IP location service \((try? ipProvider(transport: transport))?.serviceName ?? "ipwho.is")"
        switch options.source {
        case .gpsd: return gpsd
        case .ip: return ip
        case .manual: return "your stored place"
        case .auto:
            let parts = [policy.allows(.gpsd) ? gpsd : nil, policy.allows(.ip) ? ip : nil].compactMap { $0 }
            return parts.joined(separator: " and, if that has no fix, ")
        }
    }
}
