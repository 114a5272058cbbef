import ArgumentParser
import ForecastPresentation

/// `forecastly about`: version, data sources and their licences, and where
/// forecastly keeps its files.
struct AboutCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "about",
        abstract: "Show the version, data sources, licences and where files live."
    )

    func run() async throws {
        let about = try await CommandLineApp.with { $0.about() }
        Terminal.standardOutput.write(AboutText.render(about, words: UserLanguage.words()))
    }
}
