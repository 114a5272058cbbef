import ForecastCore
import ForecastlyBase
import ForecastProviders
import Foundation
import NetworkTransport
import Testing

/// A weather provider is its folder in ForecastProviders and one line in
/// `WeatherProviders.all`. This is what its registration must provide, and
/// the proof that nothing else in forecastly names it: `--help`, `about`,
/// the settings, the fallback, `compare`'s limits and the plans all read
/// the registrations.
@Suite struct ProviderRegistrationTests {
    static let sources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources")

    struct NoRequests: HTTPTransport {
        func get(_ url: URL, headers: [(name: String, value: String)]) async throws(TransportError) -> HTTPResponse {
            throw .other("no requests in this test")
        }
    }

    @Test(arguments: WeatherProviders.all.map(\.provider.id))
    func aRegistrationProvidesEverythingTheRestReads(id: String) throws {
        let registration = try #require(WeatherProviders.all.first { $0.provider.id == id })
        let provider = registration.provider
        // Its name as each setting takes it, and as people call it.
        #expect(id.allSatisfy { $0.isLowercase || $0.isNumber || $0 == "-" } && !id.isEmpty)
        #expect(WeatherProviders.named(id.uppercased()) == provider)
        #expect(!provider.name.isEmpty && !provider.brief.isEmpty)
        // The credit its answers carry, and its terms.
        #expect(provider.source.url.hasPrefix("https://") && !provider.source.license.isEmpty)
        #expect(provider.source.attribution.hasPrefix("Weather data by ") && provider.source.attribution.contains(provider.source.license))
        #expect(provider.terms.contains("https://"))
        // Its server: public and HTTPS by default, elsewhere when its variable says so (a stub on loopback).
        #expect(provider.urlVariable.hasPrefix("FORECASTLY_") && provider.urlVariable.hasSuffix("_URL"))
        #expect(registration.server([:])?.scheme == "https")
        #expect(registration.server([provider.urlVariable: "http://127.0.0.1:8080"])?.port == 8080)
        #expect(registration.server([provider.urlVariable: "http://example.com"]) == nil, "plain HTTP only on loopback")
        // A key: its variable and its config.toml key come together; one that needs a key says which.
        #expect((provider.apiKeyVariable == nil) == (provider.apiKeySetting == nil))
        if provider.needsKey { #expect(provider.apiKeyVariable != nil) }
        // The stand-in is a keyless provider that is registered.
        if let fallback = WeatherProviders.fallback(for: provider) {
            #expect(!fallback.needsKey && fallback != provider)
        } else {
            #expect(provider.fallbackID == nil, "a fallback that is not registered")
        }
        #expect(provider.maximumComparedPlaces >= 1)
        for plan in provider.plans {
            #expect(plan.environmentVariable.hasPrefix("FORECASTLY_") && !plan.summary.isEmpty)
            #expect(WeatherProviders.plans.filter { $0.plan.id == plan.id }.count == 1, "two providers with plan \(plan.id)")
        }
        // Its service, built from the context alone, answers as this provider.
        let context = ProviderContext(environment: [:], transport: NoRequests(), apiKey: provider.needsKey ? "0123456789abcdef" : nil,
                                      timeZone: { _ in .gmt })
        #expect(try registration.service(context).provider == provider)
    }

    /// "ForecastProviders/MetNorway/" for "met-norway".
    static func folder(of provider: WeatherProvider) -> String {
        "ForecastProviders/" + provider.id.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined() + "/"
    }

    /// "open-meteo, met-norway or openweather", from the registrations.
    @Test func theListsReadAsASentence() throws {
        let ids = WeatherProviders.all.map(\.provider.id), names = WeatherProviders.all.map(\.provider.name)
        let last = try #require(ids.last)
        #expect(WeatherProviders.idsListed == (ids.count > 1 ? ids.dropLast().joined(separator: ", ") + " or " + last : last))
        #expect(WeatherProviders.namesListed == (names.count > 1 ? names.dropLast().joined(separator: ", ") + " or " + names[names.count - 1] : names[0]))
    }

    @Test func idsAreUnique() {
        let ids = WeatherProviders.all.map(\.provider.id)
        #expect(Set(ids).count == ids.count && !ids.isEmpty)
    }

    /// Outside its folder and the registry, no code names a provider: not
    /// its id ("met-norway"), a name made from it ("--openweather-onecall")
    /// or its static (`.metNorway`). Allowed:
    /// the services of the same vendor that are not weather providers (the
    /// warnings, the air, the next two hours: their own folders and the
    /// warning sources' list), and the store's migration of rows written
    /// when every forecast was Open-Meteo's.
    @Test func noOtherFileNamesAProvider() throws {
        let allowed = ["ForecastProviders/WeatherProviders.swift", "ForecastProviders/Alerts/", "ForecastProviders/OpenMeteoAirQuality/",
                       "ForecastProviders/OpenMeteoNowcast/", "ForecastCore/Alerts/AlertSource.swift", "ForecastStore/SQLiteStore.swift"]
        let files = FileManager.default.enumerator(atPath: Self.sources.path)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
        #expect(files.count > 100)
        var named: [String] = []
        for provider in WeatherProviders.all.map(\.provider) {
            let folder = Self.folder(of: provider)
            let member = try Regex("\\.\(provider.id.replacingOccurrences(of: "-", with: ""))\\b").ignoresCase()
            #expect(files.contains { $0.lowercased().hasPrefix(folder.lowercased()) }, "\(provider.id) has no folder \(folder)")
            for file in files where !file.lowercased().hasPrefix(folder.lowercased()) && !allowed.contains(where: file.hasPrefix) {
                // A provider may name the keyless one that stands in for it: that is its own declaration.
                let ownDeclaration = WeatherProviders.all.contains { file.lowercased().hasPrefix(Self.folder(of: $0.provider).lowercased()) }
                let text = try String(contentsOf: Self.sources.appendingPathComponent(file), encoding: .utf8)
                for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                    let code = line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
                    if ownDeclaration, code.contains("fallbackID: \"\(provider.id)\"") { continue }
                    // Its id, or a name made from it ("--openweather-onecall", "openweather-api-key").
                    if code.contains("\"\(provider.id)\"") || code.contains("\(provider.id)-") || code.firstMatch(of: member) != nil {
                        named.append("\(file):\(number + 1): \(line.trimmingWhitespace())")
                    }
                }
            }
        }
        #expect(named.isEmpty, "these name a provider; read the registrations instead:\n\(named.joined(separator: "\n"))")
    }
}
