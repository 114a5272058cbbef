import ForecastCore
import ForecastlyLocalization
@testable import ForecastPresentation
import Foundation
import Places
import Testing

/// A note keeps its place as the store writes it, in English ("near
/// Bjelovar, HR (45 km)"); it is shown in the reader's words and units.
@Suite struct NoteTextTests {
    static let note = WeatherNote(id: 3, content: NewWeatherNote(
        createdAt: Date(timeIntervalSince1970: 1_795_238_100), text: "walk", placeName: "near Bjelovar, HR (45 km)",
        latitude: 45.9, longitude: 16.8, weather: nil))

    @Test func aPlaceNearATownIsSaidInTheReadersWordsAndUnits() throws {
        let german = Words(try #require(Language(matching: "de")))
        #expect(NoteText.line(Self.note, words: german).contains("  bei Bjelovar, HR (45 km)  walk"))
        #expect(NoteText.details(Self.note, words: german, credit: { _ in nil }).contains("bei Bjelovar, HR (45 km)\n"))
        #expect(NoteText.line(Self.note, distance: .mi).contains("  near Bjelovar, HR (28 mi)  walk"))
        // Without a reader's choice, as the store keeps it.
        #expect(NoteText.line(Self.note).contains("  near Bjelovar, HR (45 km)  walk"))
    }

    /// The stored form reads back as the label it was; anything else is a name.
    @Test func aStoredLabelReadsBack() {
        let near = PlaceLabel.near("Springfield, IL, US", meters: 12_000)
        #expect(PlaceLabel(stored: near.description) == near)
        #expect(PlaceLabel(stored: "near X (12 km) (3 km)") == .near("X (12 km)", meters: 3_000))
        for name in ["Kyiv, UA", "near Lake Placid", "Nearby (3 km) town", "near (12 km)", "near X (12 mi)", "near  (12 km)", "near X ( km)",
                     "near X (123456 km)", "near X (1.5 km)", "near X (-3 km)", "near", "near X (12 km) "] {
            #expect(PlaceLabel(stored: name) == .name(name), "\(name)")
        }
    }
}
