import ForecastCore
import ForecastlyApp
import ForecastlyBase
import ForecastlySimulation
import ForecastStore
import ForecastlyTesting
import LocationProvider
import Places
import Testing

/// A run's notes and unwritten caches travel with its answer: nothing
/// shared by an application's runs is emptied by whichever ends first.
@Suite struct RunNotesTests {
    static let kyiv = try! Coordinate(latitude: 50.45, longitude: 30.52)

    /// An application whose store cannot be written (a read-only disk).
    static func readOnlyApplication() -> Application {
        var context = TestApplication.make(location: SimulatedLocationProvider.fixed(kyiv), weather: WeatherStub()).context
        let path = "/read-only/forecastly.sqlite"
        context.store = StoreAccess(path: path) { () throws(StoreError) in
            throw .cannotWrite(path: path, detail: .verbatim("Read-only file system"), status: .cannotCreate)
        }
        return Application(context: context)
    }

    @Test func concurrentForecastsEachGetExactlyTheirOwnNotes() async throws {
        let app = Self.readOnlyApplication()
        let springfield = ForecastSettings(place: .city(try PlaceQuery("Springfield")), days: 1)
        let kyiv = ForecastSettings(place: .typed(Self.kyiv), days: 1)
        for _ in 0..<10 {
            async let named = app.forecast(springfield)
            async let typed = app.forecast(kyiv)
            let (a, b) = try await (named, typed)
            #expect(a.notes.contains { $0.text.contains("“Springfield” is") }, "\(a.notes)")
            #expect(!b.notes.contains { $0.text.contains("Springfield") }, "\(b.notes)")
            // Both runs met the read-only store: each says so, neither takes it from the other.
            #expect(a.unwrittenCaches.map(\.summary) == b.unwrittenCaches.map(\.summary))
            #expect(a.unwrittenCaches.count == 1, "\(a.unwrittenCaches)")
        }
    }

    @Test func aFailedRunCarriesOnlyItsOwnNotes() async throws {
        let app = Self.readOnlyApplication()
        async let failing: ForecastAnswer = app.forecast(ForecastSettings(place: .city(try PlaceQuery("Springfield")), days: 1,
                                                                          service: ServiceSettings(provider: .openWeather)))
        async let fine = app.forecast(ForecastSettings(place: .typed(Self.kyiv), days: 1))
        let other = try await fine
        #expect(!other.notes.contains { $0.text.contains("Springfield") })
        do {
            _ = try await failing
            Issue.record("OpenWeather without a key answered")
        } catch let failed as FailedRun {
            #expect(failed.notes.contains { $0.text.contains("“Springfield” is") })
        }
    }
}
