import ForecastlyBase
import Testing

/// What a misspelling meant: the nearest word within a few letters.
@Suite struct EditDistanceTests {
    @Test func theNearestWithinTheLimitAndTheFirstOfEquals() {
        #expect(EditDistance.between("dayz", "days", limit: 2) == 1)
        #expect(EditDistance.between("kyiv", "lviv", limit: 1) == 2)  // past the limit: limit + 1
        #expect(EditDistance.nearest(to: "dayz", among: ["units", "days", "hours"], limit: 2) == "days")
        #expect(EditDistance.nearest(to: "--lan", among: ["--lang", "--lat", "--lon"], limit: 2) == "--lang")
        #expect(EditDistance.nearest(to: "colour", among: ["clock", "units"], limit: 2) == nil)
        #expect(EditDistance.nearest(to: "anything", among: [String](), limit: 2) == nil)
    }
}
