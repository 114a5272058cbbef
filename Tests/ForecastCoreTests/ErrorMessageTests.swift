@testable import ForecastCore
import LocationProvider
import NetworkTransport
import Testing
import ForecastlyBase
import Places

/// The promise every error makes (DEVELOPERS.md): one line that says what
/// happened and what to do next, with a sysexits status, and no terminal
/// control from the network or a file reaching the terminal. Checked for
/// every case of every library error, each carrying hostile text where it
/// carries text from outside.
@Suite struct ErrorMessageTests {
    /// What a hostile server, file or SQLite message could put in a reason.
    static let hostile = "bad\u{1B}[2J\nnews\r\u{7}"
    static let path = "/home/ana/.local/share/forecastly/forecastly.sqlite"

    struct Case: Sendable, CustomTestStringConvertible {
        var error: any UserFacingError
        /// Text the message must contain, so the user knows which file or service.
        var names: String?
        var testDescription: String { String(describing: error) }
        init(_ error: any UserFacingError, names: String? = nil) {
            self.error = error
            self.names = names
        }
    }

    static let locationErrors: [LocationError] = [
        .notDetermined, .denied,
        .restricted(.policyFile(path: "/etc/forecastly/policy.json"), source: .ip), .restricted(.policyFile(path: nil), source: nil),
        .libgpsMissing(tried: ["libgps.so.30", "libgps.so"], reason: hostile),
        .gpsdNotRunning(address: "localhost:2947"), .notGpsd(address: "localhost:2947"), .noReceiver(address: "localhost:2947"),
        .noFix(timeoutSeconds: 2.5, satellitesSeen: 7, satellitesUsed: 2), .noFix(timeoutSeconds: 10, satellitesSeen: nil, satellitesUsed: nil),
        .gpsdLost(address: "localhost:2947"),
        .lookupFailed(service: "ipwho.is", reason: hostile), .unreadableAnswer(service: "ipwho.is", reason: hostile),
        .lookupTimedOut(service: "ipwho.is"), .serviceBusy(service: "ipwho.is"),
        .rateLimited(service: "ipwho.is", retryAfterSeconds: 60), .rateLimited(service: "ipwho.is", retryAfterSeconds: nil),
        .noStoredPlace, .storedPlaceUnreadable(path: path),
        .restricted(.desktopSwitchOff, source: .geoclue), .restricted(.geoclueConfiguration(path: "/etc/geoclue/geoclue.conf"), source: .geoclue),
        .geoclueUnavailable(reason: hostile), .geoclueNoAgent(timeoutSeconds: 10), .geoclueNoFix(timeoutSeconds: 2.5, placeholders: 3),
        .allSourcesFailed([.gpsdNotRunning(address: "localhost:2947"), .lookupFailed(service: "ipwho.is", reason: hostile)]),
    ]

    static let transportErrors: [TransportError] = [
        .nameResolutionFailed(host: "api.open-meteo.com"), .connectionRefused(host: "127.0.0.1", port: 8080),
        .tlsFailed(host: "api.open-meteo.com", detail: hostile), .connectTimedOut(host: "api.open-meteo.com"),
        .responseTimedOut(host: "api.open-meteo.com"), .bodyTooLarge(limit: 8 << 20),
        .insecureURL("http://example.com/"), .cancelled, .other(hostile),
    ]

    static var cases: [Case] {
        var cases: [Case] = []
        cases += locationErrors.map { Case($0) }
        cases += locationErrors.map { Case(ForecastError.location($0)) }
        cases += transportErrors.map { Case(ForecastError.transport($0, service: .openMeteo)) }
        cases += [400, 401, 403, 404, 429, 500, 502, 503].map { Case(ForecastError.httpStatus($0, reason: hostile, service: .openMeteo)) }
        cases += [
            Case(ForecastError.httpStatus(500, reason: nil, service: .openMeteo)),
            Case(ForecastError.undecodable(field: "daily.time", detail: hostile, service: .openMeteo), names: "daily.time"),
            Case(ForecastError.undecodable(field: nil, detail: hostile, service: .openMeteo)),
            Case(ForecastError.emptyData(service: .openMeteo)),
            Case(ForecastError.invalidInput("--days must be between 1 and 16 (Open-Meteo forecasts at most 16 days); got 17.")),
            Case(StoreError.corrupt(path: path, detail: hostile), names: path),
            Case(StoreError.foreign(path: path), names: path),
            Case(StoreError.unavailable(path: path, detail: hostile), names: path),
            Case(StoreError.newerVersion(path: path), names: path),
            Case(GazetteerImportError.unreadable(path: "/tmp/cities500.zip", reason: "no such file"), names: "/tmp/cities500.zip"),
            Case(GazetteerImportError.unsupportedFormat(path: "/tmp/x.bin", reason: hostile), names: "/tmp/x.bin"),
            Case(GazetteerImportError.malformed(line: 12, reason: hostile), names: "12"),
            Case(GazetteerImportError.noPlaces),
            Case(GazetteerImportError.cannotWrite(path: "/ro/places.index", reason: hostile), names: "/ro/places.index"),
            Case(GazetteerOpenError.unreadable(path: "/x/places.index", reason: hostile), names: "/x/places.index"),
            Case(GazetteerOpenError.invalid(path: "/x/places.index", reason: hostile), names: "/x/places.index"),
            Case(PlaceIndexError.open(.invalid(path: "/x/places.index", reason: "bad magic")), names: "/x/places.index"),
            Case(PlaceIndexError.cannotWrite(.cannotWrite(path: "/home/u/.cache/forecastly/places.idx", reason: Self.hostile)), names: "/home/u/.cache/forecastly/places.idx"),
            Case(PlaceIndexError.bundledDataDamaged(.noPlaces)),
            Case(PlaceResolutionError.notFound(query: "Kyyv", suggestions: ["Kyiv, UA"], onlineFailure: nil), names: "Kyiv"),
            Case(PlaceResolutionError.notFound(query: "Atlantis", suggestions: [], onlineFailure: hostile), names: "Atlantis"),
            Case(PlaceResolutionError.notFound(query: "Atlantis", suggestions: [], onlineFailure: nil), names: "Atlantis"),
            Case(PlaceQueryError.empty), Case(PlaceQueryError.noLetters("123")),
            Case(PlaceQueryError.tooLong(characters: 500)), Case(PlaceQueryError.controlCharacters),
            Case(GPSDAddressError(text: hostile)),
            Case(AuthorizationStoreError(path: "/x/location.json", reason: hostile), names: "/x/location.json"),
            Case(AuthorizationError.store(AuthorizationStoreError(path: "/x/location.json", reason: "read-only file system")), names: "/x/location.json"),
            Case(AuthorizationError.transition(AuthorizationTransitionError(state: .notDetermined, event: .policyLifted), policyPath: nil)),
            Case(AuthorizationError.transition(AuthorizationTransitionError(state: .restricted(remembered: .denied, by: .policyFile(path: "/etc/forecastly/policy.json")), event: .revoked), policyPath: "/etc/forecastly/policy.json"),
                 names: "/etc/forecastly/policy.json"),
            Case(AuthorizationError.transition(AuthorizationTransitionError(state: .restricted(remembered: .denied, by: .geoclueConfiguration(path: "/etc/geoclue/geoclue.conf")), event: .granted(.full)), policyPath: nil),
                 names: "/etc/geoclue/geoclue.conf"),
        ]
        return cases
    }

    @Test(arguments: cases)
    func isOneCleanLineWithANextStepAndASysexitsStatus(_ item: Case) {
        let message = item.error.userMessage
        #expect(!message.isEmpty)
        #expect(!message.unicodeScalars.contains { $0.properties.generalCategory == .control }, "control characters in: \(message.debugDescription)")
        #expect(message.count <= 400, "too long for a line or two: \(message.count) characters")
        // A sentence, unless it starts with a name that is written in lower case.
        let startsWithName = ["forecastly ", "gpsd ", "--", "'"].contains { message.hasPrefix($0) }
        #expect(message.first?.isLowercase != true || startsWithName, "starts lower case: \(message)")
        #expect(message.hasSuffix(".") || message.hasSuffix("?"), "does not end a sentence: \(message)")
        #expect(!message.contains(" .") && !message.contains(".. "), "a sentence ends badly: \(message)")
        #expect(item.error.advice?.isEmpty == false, "no next step: \(message)")
        #expect([64, 65, 69, 75, 77].contains(item.error.exitStatus.rawValue))
        if let names = item.names { #expect(message.contains(names)) }
    }

    /// Open-Meteo's reasons are sentences; quoted inside ours, one full stop ends it.
    @Test func aQuotedReasonEndsTheSentenceOnce() {
        let error = ForecastError.httpStatus(429, reason: "Daily API request limit exceeded. Please try again tomorrow.", service: .openMeteo)
        #expect(error.userMessage == "Open-Meteo is rate limiting requests from this machine (HTTP 429): “Daily API request limit exceeded. Please try again tomorrow”. Wait and try again later; heavy use needs an API key (--api-key).")
    }

    /// The guard at the one place every message passes, for errors defined
    /// elsewhere (the CLI's own, a program embedding the library).
    @Test func theLineIsCleanedEvenWhenACaseForgets() {
        struct Careless: UserFacingError {
            var summary: String { "The server said \u{1B}]0;owned\u{7}hello\nthere\u{9B}31m" }
            var advice: String? { "Try \u{1B}[1manother\u{1B}[0m one." }
            let exitStatus = LocationError.gpsdLost(address: "x").exitStatus  // Testing has an ExitStatus too
        }
        #expect(Careless().userMessage == "The server said hello there. Try another one.")
    }

    /// Only a repeated place in `compare` needs no advice: it is a notice, the rest still shows.
    @Test func aRepeatedPlaceIsANoticeWithoutAdvice() {
        let notice = DuplicatePlace(query: "lviv", earlier: "Lviv", place: "Lviv, UA")
        #expect(notice.advice == nil)
        #expect(notice.userMessage == "“lviv” is Lviv, UA, already listed as “Lviv”; it is shown once.")
    }
}
