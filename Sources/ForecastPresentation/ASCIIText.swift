public import ForecastCore
import Foundation

/// Text for a terminal whose locale is not UTF-8 (`LC_ALL=C`), or for
/// `--ascii`: what the output would say, in the characters such a terminal
/// shows. Symbols get their usual ASCII spelling, letters lose their
/// accents ("Zürich" → "Zurich"), and whatever is left (emoji, scripts
/// with no Latin letters) becomes "?", so nothing turns into mojibake.
public enum ASCIIText {
    static let spellings: [Character: String] = [
        "°": "", "·": "|", "…": "...", "–": "-", "—": "-", "−": "-", "±": "+/-", "×": "x",
        "“": "\"", "”": "\"", "‘": "'", "’": "'", "→": "->", "←": "<-", "µ": "u", "ß": "ss",
        "æ": "ae", "Æ": "AE", "ø": "o", "Ø": "O", "ł": "l", "Ł": "L", "đ": "d", "Đ": "D", "ı": "i",
        "\u{00A0}": " ", "\u{202F}": " ", "²": "2", "³": "3", "₂": "2", "₃": "3", "⁵": "5", "₅": "5", "₁": "1", "₀": "0",
    ]

    public static func fold(_ text: String) -> String {
        guard !text.utf8.allSatisfy({ $0 < 0x80 }) else { return text }
        var folded = ""
        folded.reserveCapacity(text.utf8.count)
        for character in text {
            if character.isASCII {
                folded.append(character)
            } else if let spelling = spellings[character] {
                folded += spelling
            } else {
                let base = String(character).folding(options: [.diacriticInsensitive, .widthInsensitive], locale: nil)
                folded += base.allSatisfy(\.isASCII) && !base.isEmpty ? base : "?"
            }
        }
        return folded
    }
}

extension WeatherCondition {
    /// One letter per kind of weather, for terminals without emoji.
    public var asciiGlyph: Character {
        switch cssClass(isDay: true) {
        case "clear": "O"
        case "partly-cloudy": "o"
        case "cloudy": "c"
        case "fog", "haze": "="
        case "drizzle", "rain", "freezing-rain": "r"
        case "sleet": "x"
        case "snow": "*"
        case "thunderstorm": "T"
        case "wind": "w"
        default: "?"
        }
    }
}
