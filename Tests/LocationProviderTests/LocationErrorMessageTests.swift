import ForecastlyBase
@testable import LocationProvider
import Testing
import TestSupport

/// Every location and permission error keeps the promise of one clean line
/// (`ErrorCase`).
@Suite struct LocationErrorMessageTests {
    static let path = "/home/ana/.local/share/forecastly/place.json"

    static let locationErrors: [LocationError] = [
        .notDetermined, .notAnswered, .denied,
        .restricted(.policyFile(path: "/etc/forecastly/policy.json"), source: .ip), .restricted(.policyFile(path: nil), source: nil),
        .libgpsMissing(tried: ["libgps.so.30", "libgps.so"], reason: ErrorCase.hostile),
        .gpsdNotRunning(address: "localhost:2947"), .notGpsd(address: "localhost:2947"), .noReceiver(address: "localhost:2947"),
        .noFix(timeoutSeconds: 2.5, satellitesSeen: 7, satellitesUsed: 2), .noFix(timeoutSeconds: 10, satellitesSeen: nil, satellitesUsed: nil),
        .gpsdLost(address: "localhost:2947"),
        .lookupFailed(service: "ipwho.is", reason: .verbatim(ErrorCase.hostile)), .unreadableAnswer(service: "ipwho.is", reason: .verbatim(ErrorCase.hostile)),
        .lookupTimedOut(service: "ipwho.is"), .serviceBusy(service: "ipwho.is"),
        .rateLimited(service: "ipwho.is", retryAfterSeconds: 60), .rateLimited(service: "ipwho.is", retryAfterSeconds: nil),
        .noStoredPlace, .storedPlaceUnreadable(path: Self.path),
        .restricted(.desktopSwitchOff, source: .geoclue), .restricted(.geoclueConfiguration(path: "/etc/geoclue/geoclue.conf"), source: .geoclue),
        .geoclueUnavailable(reason: .verbatim(ErrorCase.hostile)), .geoclueNoAgent(timeoutSeconds: 10), .geoclueNoFix(timeoutSeconds: 2.5, placeholders: 3),
        .allSourcesFailed([.gpsdNotRunning(address: "localhost:2947"), .lookupFailed(service: "ipwho.is", reason: .verbatim(ErrorCase.hostile))]),
    ]

    static var cases: [ErrorCase] {
        locationErrors.map { ErrorCase($0) } + [
            ErrorCase(GPSDAddressError(text: ErrorCase.hostile)),
            ErrorCase(AuthorizationStoreError(path: "/x/location.json", reason: ErrorCase.hostile), names: "/x/location.json"),
            ErrorCase(AuthorizationError.store(AuthorizationStoreError(path: "/x/location.json", reason: "read-only file system")), names: "/x/location.json"),
            ErrorCase(AuthorizationError.transition(AuthorizationTransitionError(state: .notDetermined, event: .policyLifted))),
            ErrorCase(AuthorizationError.transition(AuthorizationTransitionError(state: .restricted(remembered: .denied, by: .policyFile(path: "/etc/forecastly/policy.json")), event: .revoked)),
                      names: "/etc/forecastly/policy.json"),
            ErrorCase(AuthorizationError.transition(AuthorizationTransitionError(state: .restricted(remembered: .denied, by: .geoclueConfiguration(path: "/etc/geoclue/geoclue.conf")), event: .granted(.full))),
                      names: "/etc/geoclue/geoclue.conf"),
        ]
    }

    @Test(arguments: cases)
    func isOneCleanLineWithANextStepAndASysexitsStatus(_ item: ErrorCase) {
        #expect(item.brokenPromises.isEmpty, "\(item.brokenPromises)")
    }

    /// When no source answers, the status says what failed, not that no
    /// place was stored (the end of the list): unavailable, or temporary
    /// when a source may answer later.
    @Test(arguments: [
        ([LocationError.gpsdNotRunning(address: "localhost:2947"), .geoclueUnavailable(reason: .verbatim("no bus")),
          .lookupFailed(service: "ipwho.is", reason: .verbatim("refused")), .noStoredPlace], ForecastlyBase.ExitStatus.unavailable),
        ([.noReceiver(address: "localhost:2947"), .lookupTimedOut(service: "ipwho.is"), .noStoredPlace], .temporaryFailure),
        ([.gpsdNotRunning(address: "localhost:2947"), .noStoredPlace], .unavailable),
    ])
    func noSourceAnsweringIsUnavailable(reasons: [LocationError], status: ForecastlyBase.ExitStatus) {
        #expect(LocationError.allSourcesFailed(reasons).exitStatus == status)
    }
}
