import ForecastlyApp
import Foundation
import Testing
import TestSupport

/// The places offered as a person types one, as the application chooses
/// them for any front end (the CLI's shell completion is one).
@Suite struct PlaceCompletionTests {
    /// The bundled places, their index built in a home of its own, once,
    /// on a Dispatch thread: built as a static initializer, it held a thread
    /// of the cooperative pool for seconds, and each test waiting for it another.
    static let book = Task<PlaceBook, Never> {
        await offThePool {
            let home = FileManager.default.temporaryDirectory.appendingPathComponent("completion-\(UUID().uuidString)").path
            let book = PlaceBook(environment: ["HOME": home])
            _ = try? book.gazetteer()
            return book
        }
    }

    @Test func placesAreOfferedAsTheCommandTakesThem() async {
        let places = await Self.book.value
        #expect(places.completions(for: "lo", spelling: .asTyped).first?.text == "London, GB")
        #expect(places.completions(for: "Kyi", spelling: .asTyped).map(\.text).contains("Kyiv, UA"))
        #expect(places.completions(for: "lo", spelling: .asTyped).first?.countryName == "United Kingdom")
        #expect(places.completions(for: "", spelling: .asTyped).isEmpty)
        #expect(places.completions(for: "lo", spelling: .asTyped).count <= 20)
    }

    /// Accents: as written for a shell that takes any candidate, as typed for
    /// one that matches candidates against the typed text.
    @Test func accentsAreSpelledForTheShell() async {
        let places = await Self.book.value
        #expect(places.completions(for: "sao", spelling: .asWritten).map(\.text).contains("São Paulo, BR"))
        let typed = places.completions(for: "sao", spelling: .asTyped).map(\.text)
        #expect(typed.contains("Sao Paulo, BR") && !typed.contains("São Paulo, BR"))
    }

    /// Another name offers a place only when it is what was typed, for a
    /// city of 100,000 or more: München for "Mün", no "Münbai" for Mumbai.
    @Test func anotherNameOffersOnlyALargeCityWrittenSo() async {
        let places = await Self.book.value
        let offered = places.completions(for: "Mün", spelling: .asTyped).map(\.text)
        #expect(offered.contains("München, DE") && offered.contains("Münster, DE"))
        #expect(!offered.contains { $0.hasPrefix("Münbai") })
    }
}
