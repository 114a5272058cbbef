import ArgumentParser
import ForecastlyLocalization

/// An option whose values are the cases of a String enum (`--units metric`).
///
/// ArgumentParser's generic defaults for these three build the same strings
/// through reflection at every start, help or not; for a String enum they
/// are plain data, so they are spelled out here.
protocol ArgumentChoice: ExpressibleByArgument, CaseIterable, RawRepresentable<String> {}

extension ArgumentChoice {
    /// Any case: `--units Imperial` is `imperial`.
    init?(argument: String) {
        guard let value = Self(rawValue: argument) ?? Self.allCases.first(where: { $0.rawValue.lowercased() == argument.lowercased() })
        else { return nil }
        self = value
    }

    static var allValueStrings: [String] { allCases.map { $0.rawValue } }
    /// The values are their own descriptions.
    static var allValueDescriptions: [String: String] { [:] }
    var defaultValueDescription: String { rawValue }
}

/// `--lang de`, `--lang pt_BR`: a language forecastly has. (Through an
/// internal protocol, as `WeatherProvider` is: the conformance stays in the CLI.)
protocol LanguageArgument: ExpressibleByArgument {}

extension Language: LanguageArgument {
    init?(argument: String) { self.init(matching: argument) }
    static var allValueStrings: [String] { Language.available.map(\.code) }
    /// Completion offers the languages (ArgumentParser offers nothing for a type that is not CaseIterable).
    static var defaultCompletionKind: CompletionKind { .list(allValueStrings) }
}
