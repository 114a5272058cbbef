public import ForecastCore
import ForecastlyBase
public import ForecastlyLocalization
import Foundation
import Places

/// How notes are shown: one line each, in full, or as JSON.
public enum NoteText {
    /// "#12  2026-11-21 07:15  ⛄ -1°C  Kyiv, UA  walk in the park", in the
    /// machine's time zone; a place near a town in the reader's words and `distance` unit.
    public static func line(_ note: WeatherNote, words: Words = .english, distance: DistanceUnit = .km) -> String {
        var parts = ["#\(note.id)", timestamp(note.createdAt)]
        if let weather = note.weather {
            parts.append("\(weather.glyph ?? " ") \(ValueFormat.temperature(weather.temperature, unit: weather.temperatureUnit))")
        }
        if let place = note.placeName { parts.append(PlaceLabel(stored: place.strippingControls).said(words, distance: distance)) }
        parts.append(note.text.strippingControls)
        return parts.joined(separator: "  ")
    }

    /// `credit` is the credit line of a provider by its id ("open-meteo").
    public static func details(
        _ note: WeatherNote, words: Words = .english, distance: DistanceUnit = .km, width: Int? = nil, credit: (String) -> String?
    ) -> String {
        var rows = [(words("Note"), "#\(note.id)"), (words("Written"), timestamp(note.createdAt)), (words("Text"), note.text.strippingControls)]
        if let place = note.placeName { rows.append((words("Place"), PlaceLabel(stored: place.strippingControls).said(words, distance: distance))) }
        if let latitude = note.latitude, let longitude = note.longitude { rows.append((words("At"), "\(latitude), \(longitude)")) }
        if let weather = note.weather {
            // The condition was kept as English words: shown in the language's.
            let description = weather.description.map { words($0) } ?? ValueFormat.missing
            rows.append((words("Weather"), "\(weather.glyph ?? "") \(description), \(ValueFormat.temperature(weather.temperature, unit: weather.temperatureUnit))"))
            if let from = weather.provider.flatMap(credit) { rows.append((words("From"), from)) }
        } else {
            rows.append((words("Weather"), words("not recorded")))
        }
        return LabelledLines.render(rows, width: width)
    }

    public static func json(_ notes: [WeatherNote]) -> String {
        String(decoding: NoteDocument(notes: notes).encoded(), as: UTF8.self) + "\n"
    }

    private static func timestamp(_ date: Date) -> String {
        let clock = PlaceClock(timeZone: .current)
        return "\(clock.localDate(date)) \(clock.time(date))"
    }
}

extension String {
    /// Notes are typed by people, but a database can be edited by anything.
    var strippingControls: String { strippingTerminalControls(limit: 2_000) }
}
