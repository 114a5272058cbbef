import ForecastlyBase
@testable import LocationProvider
import Testing

@Suite struct GPSDLibraryTests {
    @Test func reportsTheLibgpsAPIVersion() throws {
        let parts = GPSDLibrary.apiVersion.split(separator: ".").compactMap { Int($0) }
        #expect(parts.count == 2)
        #expect(try #require(parts.first) >= 7) // libgps 3.18 or newer, as the shim requires
    }

    /// The development link comes last: it is whatever libgps-dev is
    /// installed, which may not be the version this binary was built with.
    @Test func triesTheKnownSonameBeforeTheDevelopmentLink() {
        let candidates = GPSDLibrary.candidates
        #expect(candidates.last == "libgps.so")
        #expect(candidates.dropLast().allSatisfy { $0.hasPrefix("libgps.so.") })
    }

    /// The test machine has libgps (the gpsd tests talk to a real gpsd
    /// through it); every call the session makes must resolve.
    @Test func loadsTheInstalledLibgps() throws {
        let calls = try GPSDLibrary.load(from: GPSDLibrary.candidates).get()
        #expect(calls.table.pointee.open != nil)
        #expect(calls.table.pointee.send != nil)
    }

    @Test func aMissingLibraryIsAnErrorThatSaysWhatToInstall() throws {
        let result = GPSDLibrary.load(from: ["libgps-forecastly-test.so.0", "libgps-forecastly-test.so"])
        guard case .failure(let error) = result else {
            Issue.record("loaded a library that does not exist")
            return
        }
        #expect(error == .libgpsMissing(tried: ["libgps-forecastly-test.so.0", "libgps-forecastly-test.so"],
                                        reason: try #require(error.loaderReason)))
        #expect(error.summary.contains("libgps-forecastly-test.so.0"))
        #expect(error.summary.contains("cannot open shared object file"))
        #expect(try #require(error.advice).contains("apt install libgps-dev"))
        #expect(error.exitStatus == .unavailable)
        #expect(!error.userMessage.contains("\n"))
    }

    /// A library that loads but lacks a call is refused whole, never used
    /// half-loaded: libc is such a library.
    @Test func aLibraryWithoutTheCallsIsRefused() {
        guard case .failure(let error) = GPSDLibrary.load(from: ["libc.so.6"]) else {
            Issue.record("accepted libc as libgps")
            return
        }
        #expect(error.summary.contains("gps_open"))
    }
}

private extension LocationError {
    var loaderReason: String? {
        if case .libgpsMissing(_, let reason) = self { return reason }
        return nil
    }
}
