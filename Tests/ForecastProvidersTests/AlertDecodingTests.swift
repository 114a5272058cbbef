import ForecastCore
import ForecastlyBase
@testable import ForecastProviders
import Foundation
import NetworkTransport
import Testing
import TestSupport

/// The three warning services' answers, read from recordings (and, where no
/// recording shows a case, from answers derived from them; see SOURCES.md).
@Suite struct AlertDecodingTests {
    static func response(_ path: String, status: Int = 200) throws -> HTTPResponse {
        HTTPResponse(status: status, body: Array(try Data(contentsOf: Fixtures.url("alerts/" + path))))
    }

    static func date(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }

    // MARK: The National Weather Service

    static let hilo = try! Coordinate(latitude: 19.7203, longitude: -155.0868)
    static let hiloPlace = AlertPlace(coordinate: hilo, countryCode: "US")
    /// When the Hilo answer was recorded: 15:49 in Hawaii.
    static let hiloRecorded = date("2026-08-16T01:49:00Z")

    @Test func aHurricaneDayInHiloIsFiveWarningsTheWorstFirst() throws {
        let bulletin = try NWSAlertService.bulletin(from: try Self.response("nws/active_point_hilo-hi_5-alerts_hurricane_2026-08-16.json"),
                                                    fetchedAt: Self.hiloRecorded)
        #expect(bulletin.alerts.count == 5)
        let active = bulletin.warnings(for: Self.hiloPlace, at: Self.hiloRecorded).active
        #expect(active.map(\.event) == ["Hurricane Warning", "Flood Watch", "Flash Flood Warning", "Tropical Cyclone Local Statement", "High Surf Warning"])
        let hurricane = try #require(active.first)
        #expect(hurricane.severity == .extreme)
        #expect(hurricane.urgency == "Immediate")
        #expect(hurricane.ends == nil)
        #expect(hurricane.expires == Self.date("2026-08-16T05:15:00Z"))  // 19:15 HST: the offset is applied
        #expect(hurricane.sender == "NWS Honolulu HI")
        guard case .shape(let polygons) = hurricane.area else { Issue.record("the hurricane warning has an outline"); return }
        #expect(polygons.first?.contains(Self.hilo) == true)
        // A zone alert has no outline: the service matched it to the point.
        let watch = active[1]
        #expect(watch.area == .servedForPoint)
        #expect(watch.until == Self.date("2026-08-16T16:00:00Z"))  // `ends`, not the message's `expires`
        #expect(watch.description?.contains("\n") == true)
    }

    /// An expired warning is never shown: at 16:30 HST the flash flood warning (until 16:00) is gone.
    @Test func anExpiredWarningIsNotShown() throws {
        let bulletin = try NWSAlertService.bulletin(from: try Self.response("nws/active_point_hilo-hi_5-alerts_hurricane_2026-08-16.json"),
                                                    fetchedAt: Self.hiloRecorded)
        let later = Self.hiloRecorded.addingTimeInterval(41 * 60)
        let events = bulletin.warnings(for: Self.hiloPlace, at: later).active.map(\.event)
        #expect(events.count == 4)
        #expect(!events.contains("Flash Flood Warning"))
    }

    @Test func noAlertsIsCoveredAndEmpty() throws {
        let bulletin = try NWSAlertService.bulletin(from: try Self.response("nws/active_point_nyc_empty_2026-02-28.json"), fetchedAt: Self.hiloRecorded)
        let place = AlertPlace(coordinate: try Coordinate(latitude: 40.7128, longitude: -74.006), countryCode: "US")
        guard case .covered(let coverage) = bulletin.warnings(for: place, at: Self.hiloRecorded) else {
            Issue.record("New York is covered")
            return
        }
        #expect(coverage.active.isEmpty)
        #expect(coverage.source == .nws)
    }

    /// The 2019 shape: no geometry, old ids, times in PST.
    @Test func aZoneFloodWatchOfTheOlderShape() throws {
        let sent = Self.date("2019-12-20T12:00:00Z")
        let bulletin = try NWSAlertService.bulletin(
            from: try Self.response("nws/active_zone_ORZ004_flood-watch_geometry-null_2019-12-20.json"), fetchedAt: sent)
        let alert = try #require(bulletin.alerts.first)
        #expect(alert.event == "Flood Watch")
        #expect(alert.severity == .severe)
        #expect(alert.area == .servedForPoint)
        #expect(alert.areas.count > 1)
        let place = AlertPlace(coordinate: try Coordinate(latitude: 44.6, longitude: -123.3), countryCode: "US")
        #expect(bulletin.warnings(for: place, at: sent).active.count == 1)
        #expect(bulletin.warnings(for: place, at: Self.date("2026-01-01T00:00:00Z")).active.isEmpty)
    }

    /// Outside its area the NWS answers 400 with problem+json, whose detail is quoted.
    @Test func aPointOutOfBoundsIsA400WithTheServicesWords() throws {
        let error = #expect(throws: ForecastError.self) {
            try NWSAlertService.bulletin(from: try Self.response("nws/error_400_point-out-of-bounds_nassau.json", status: 400), fetchedAt: Self.hiloRecorded)
        }
        #expect(error?.exitStatus == .dataError)
        #expect(error?.userMessage.contains("out of bounds") == true)
    }

    /// Tests, exercises and cancellations are not warnings.
    @Test(arguments: [#""status":"Actual""#: #""status":"Test""#, #""messageType":"Update""#: #""messageType":"Cancel""#])
    func testsAndCancellationsAreNotShown(original: String, replacement: String) throws {
        let text = try String(contentsOf: Fixtures.url("alerts/nws/active_point_hilo-hi_5-alerts_hurricane_2026-08-16.json"), encoding: .utf8)
        #expect(text.contains(original))
        let changed = text.replacingOccurrences(of: original, with: replacement)
        let bulletin = try NWSAlertService.bulletin(from: HTTPResponse(status: 200, body: Array(changed.utf8)), fetchedAt: Self.hiloRecorded)
        #expect(bulletin.alerts.count < 5)
    }

    // MARK: MET Norway

    static let galeInForce = date("2021-09-21T12:00:00Z")

    @Test func aGaleOffMaloyCoversTheSeaInsideItsOutline() throws {
        let bulletin = try MetNorwayAlertService.bulletin(from: try Self.response("met-norway/current_maloy-svinoy_gale_derived.json"), fetchedAt: Self.galeInForce)
        let alert = try #require(bulletin.alerts.first)
        #expect(alert.event == "Gale")
        #expect(alert.severity == .moderate)
        #expect(alert.headline == "Gale, yellow level, Maaloey - Svinoey, 21 September 06:00 UTC to 22 September 10:00 UTC.")
        #expect(alert.link == "https://www.met.no/vaer-og-klima/Ekstremvaervarsler-og-andre-farevarsler")  // its whitespace trimmed
        #expect(alert.expires == Self.date("2021-09-22T10:00:00Z"))
        let atSea = AlertPlace(coordinate: try Coordinate(latitude: 62.2, longitude: 5.1), countryCode: "NO")
        let bergen = AlertPlace(coordinate: try Coordinate(latitude: 60.39, longitude: 5.32), countryCode: "NO")
        #expect(bulletin.warnings(for: atSea, at: Self.galeInForce).active.count == 1)
        #expect(bulletin.warnings(for: bergen, at: Self.galeInForce).active.isEmpty)
        #expect(bulletin.warnings(for: atSea, at: Self.date("2021-09-22T10:00:01Z")).active.isEmpty)
    }

    /// At sea, beyond a town's reach, MET Norway's sea areas decide: the
    /// point the issue names, west of Svalbard in a gale, is warned; a point
    /// in the Pacific has no service. Neither request carries the point.
    @Test func atSeaMETsOwnSeaAreasDecide() async throws {
        let transport = SeaTransport()
        let service = RegionalAlertService(environment: [:], transport: transport, language: nil, now: { Self.galeInForce })
        let westOfSvalbard = AlertPlace(coordinate: try Coordinate(latitude: 78.5, longitude: -5.0), countryCode: nil)
        let pacific = AlertPlace(coordinate: try Coordinate(latitude: -30, longitude: -140), countryCode: nil)
        let betweenAreas = AlertPlace(coordinate: try Coordinate(latitude: 70, longitude: 0), countryCode: nil)
        #expect(service.scope(for: westOfSvalbard) == service.scope(for: pacific))
        #expect(service.scope(for: westOfSvalbard)?.source == .metNorway)

        let warned = try await service.alerts(for: westOfSvalbard, now: Self.galeInForce)
        #expect(warned.active.map(\.headline) == ["Gale, yellow level, West of Svalbard (built), 21 September 06:00 UTC to 22 September 10:00 UTC."])
        #expect(try await service.alerts(for: pacific, now: Self.galeInForce) == .noService)
        #expect(try await service.alerts(for: betweenAreas, now: Self.galeInForce) == .noService)
        // Inside an area with no gale of its own: covered, nothing in force.
        let offMore = AlertPlace(coordinate: try Coordinate(latitude: 63.0, longitude: 3.0), countryCode: nil)
        guard case .covered(let coverage) = try await service.alerts(for: offMore, now: Self.galeInForce) else {
            Issue.record("a point inside MET's sea area is covered")
            return
        }
        #expect(coverage.active.isEmpty && coverage.source == .metNorway)

        let urls = transport.urls
        #expect(urls.map(\.path) == Array(repeating: ["/weatherapi/textforecast/3.0/sea_en.json", "/weatherapi/metalerts/2.0/current.json"], count: 4).flatMap { $0 })
        #expect(urls.allSatisfy { !($0.query ?? "").contains("lat") && !($0.query ?? "").contains("lon=") })
        #expect(urls.filter { $0.path.hasSuffix("current.json") }.allSatisfy { $0.query == "geographicDomain=marine&lang=en" })
    }

    /// An answer with no area outline cannot say where MET warns: an error, not "nowhere".
    @Test func seaAreasWithoutOutlinesAreAnError() throws {
        let points = #"{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Point","coordinates":[5,60]},"properties":{}}]}"#
        #expect(throws: ForecastError.self) {
            try MetNorwaySeaAreas.outlines(from: HTTPResponse(status: 200, body: Array(points.utf8)), service: .metNorway)
        }
        let outlines = try MetNorwaySeaAreas.outlines(from: try Self.response("met-norway/textforecast-3.0_sea_en_built.json"), service: .metNorway)
        #expect(outlines.count == 2)
    }

    @Test func metAlertsWithNoFeatures() throws {
        let bulletin = try MetNorwayAlertService.bulletin(from: try Self.response("met-norway/current_empty_derived.json"), fetchedAt: Self.galeInForce)
        #expect(bulletin.alerts.isEmpty)
    }

    /// MET's `Expires` is obeyed when it is later than the service's interval.
    @Test func metNorwaysExpiresSetsTheNextRequest() throws {
        var response = try Self.response("met-norway/current_empty_derived.json")
        response.headers = [("Expires", "Tue, 21 Sep 2021 12:20:00 GMT")]
        let bulletin = try MetNorwayAlertService.bulletin(from: response, fetchedAt: Self.galeInForce)
        #expect(bulletin.nextRequest == Self.date("2021-09-21T12:20:00Z"))
        response.headers = []
        #expect(try MetNorwayAlertService.bulletin(from: response, fetchedAt: Self.galeInForce).nextRequest == Self.galeInForce.addingTimeInterval(300))
    }

    // MARK: MeteoAlarm

    static let knmiWeek = date("2026-03-05T12:00:00Z")

    /// KNMI lists green "no warning" entries: they are not warnings.
    @Test func greenEntriesAreNotWarnings() throws {
        let bulletin = try MeteoAlarmService.bulletin(
            from: try Self.response("meteoalarm/api-v1_feeds-netherlands_3-warnings_2026-03-02.json"), fetchedAt: Self.knmiWeek)
        #expect(bulletin.alerts.isEmpty)
    }

    @Test func aYellowWarningForARegionByName() throws {
        let response = try Self.response("meteoalarm/api-v1_feeds-netherlands_drenthe-yellow_derived.json")
        let english = try MeteoAlarmService.bulletin(from: response, fetchedAt: Self.knmiWeek)
        let alert = try #require(english.alerts.first)
        #expect(english.alerts.count == 1)
        #expect(alert.headline == "Wind - Yellow warning for Drenthe - The Netherlands")
        #expect(alert.area == .named(["Drenthe"]))
        #expect(alert.onset == Self.date("2026-03-06T23:00:00Z"))
        let coordinate = try Coordinate(latitude: 52.99, longitude: 6.56)
        let inDrenthe = AlertPlace(coordinate: coordinate, countryCode: "NL", regionNames: ["Assen", "drenthe"])
        #expect(english.warnings(for: inDrenthe, at: Self.knmiWeek).active.count == 1)
        // A region forecastly cannot match is neither shown as in force nor dropped.
        guard case .covered(let coverage) = english.warnings(for: AlertPlace(coordinate: coordinate, countryCode: "NL", regionNames: ["Assen"]), at: Self.knmiWeek)
        else { Issue.record("the Netherlands are covered"); return }
        #expect(coverage.active.isEmpty)
        #expect(coverage.unplaced.count == 1)
        // In the user's language where the country writes it.
        let dutch = try MeteoAlarmService.bulletin(from: response, fetchedAt: Self.knmiWeek, languages: ["nl"])
        #expect(dutch.alerts.first?.headline == "Windstoten - Code geel voor Drenthe - Nederland")
    }

    // MARK: Choosing the service

    @Test(arguments: [("US", AlertSource.nws), ("PR", .nws), ("NO", .metNorway), ("DE", .meteoAlarm), ("GB", .meteoAlarm), ("NL", .meteoAlarm)])
    func theCountryChoosesTheService(country: String, source: AlertSource) throws {
        let service = Self.regional()
        let place = AlertPlace(coordinate: try Coordinate(latitude: 50, longitude: 10), countryCode: country)
        #expect(service.scope(for: place)?.source == source)
    }

    @Test(arguments: ["JP", "BR", "AU"] as [String?])
    func elsewhereNoServiceCoversThePlace(country: String?) async throws {
        let service = Self.regional()
        let place = AlertPlace(coordinate: try Coordinate(latitude: 35.68, longitude: 139.69), countryCode: country)
        #expect(service.scope(for: place) == nil)
        #expect(try await service.alerts(for: place) == .noService)
    }

    /// Every place in a MeteoAlarm country shares its one feed.
    @Test func aCountrysPlacesShareOneFeed() throws {
        let service = Self.regional()
        let berlin = AlertPlace(coordinate: try Coordinate(latitude: 52.52, longitude: 13.4), countryCode: "DE")
        let munich = AlertPlace(coordinate: try Coordinate(latitude: 48.14, longitude: 11.58), countryCode: "de")
        #expect(service.scope(for: berlin) == service.scope(for: munich))
        #expect(service.scope(for: berlin)?.key == "meteoalarm:germany")
    }

    static func regional() -> RegionalAlertService {
        let transport = RefusingTransport()
        let environment: [String: String] = [:]
        return RegionalAlertService(environment: environment, transport: transport, language: nil)
    }
}

/// Answers MET Norway's sea areas and marine warnings from the fixtures,
/// and keeps every URL it was asked.
final class SeaTransport: HTTPTransport, @unchecked Sendable {
    private let lock = NSLock()
    private var asked: [URL] = []
    var urls: [URL] { lock.withLock { asked } }

    func get(_ url: URL, headers: [(name: String, value: String)]) async throws(TransportError) -> HTTPResponse {
        lock.withLock { asked.append(url) }
        let fixture = url.path.hasSuffix("sea_en.json") ? "met-norway/textforecast-3.0_sea_en_built.json" : "met-norway/current_marine_two-gales_built.json"
        return (try? AlertDecodingTests.response(fixture)) ?? HTTPResponse(status: 500, body: [])
    }
}

/// A transport for tests that must not send anything.
struct RefusingTransport: HTTPTransport {
    func get(_ url: URL, headers: [(name: String, value: String)]) async throws(TransportError) -> HTTPResponse {
        Issue.record("nothing may be sent: \(url)")
        throw .connectionRefused(host: url.host ?? "?", port: url.port ?? 0)
    }
}
