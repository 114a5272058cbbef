import ArgumentParser
import ForecastlyBase
import Foundation

/// A mistake in the options, found by a command's `validate()`, said in the
/// user's language. ArgumentParser carries only a String out of
/// `validate()` (its `ValidationError`), so the mistake travels in it as its
/// English messages behind a marker, and the entry point, which alone
/// prints ArgumentParser's errors, reads it back (`init(carriedIn:)`).
struct UsageMistake: UserFacingError, Codable {
    var summaryMessage: MessageText
    var adviceMessage: MessageText?
    var exitStatus: ExitStatus { .usage }

    /// The `ValidationError` for a mistake `summary` describes.
    static func error(_ summary: MessageText) -> ValidationError {
        UsageMistake(summaryMessage: summary).carried
    }

    /// The `ValidationError` for an error met while validating (a place name, a gpsd address).
    static func error(_ error: some UserFacingError) -> ValidationError {
        UsageMistake(summaryMessage: error.summaryMessage, adviceMessage: error.adviceMessage).carried
    }

    /// The mistake a `ValidationError`'s message carries, if it carries one.
    init?(carriedIn text: String) {
        guard text.hasPrefix(Self.marker),
              let mistake = try? JSONDecoder().decode(UsageMistake.self, from: Data(text.dropFirst(Self.marker.count).utf8)) else { return nil }
        self = mistake
    }

    private init(summaryMessage: MessageText, adviceMessage: MessageText? = nil) {
        self.summaryMessage = summaryMessage
        self.adviceMessage = adviceMessage
    }

    private var carried: ValidationError {
        let data = (try? JSONEncoder().encode(self)) ?? Data()
        return ValidationError(Self.marker + String(decoding: data, as: UTF8.self))
    }

    private static let marker = "\u{1}forecastly-usage:"
}
