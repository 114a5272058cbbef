import ArgumentParser
import ForecastlyBase
import ForecastlyApp
import ForecastPresentation

/// `forecastly cities …`: the offline place index.
struct CitiesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cities",
        abstract: "Search the offline place index, or import a larger one from GeoNames.",
        subcommands: [Search.self, Import.self, Status.self, Reset.self],
        defaultSubcommand: Search.self
    )

    struct Import: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import",
            abstract: "Build your place index from a GeoNames dump (cities500/1000/5000/15000, .txt, .zip or .gz).",
            discussion: "Download from https://download.geonames.org/export/dump/ (CC BY 4.0). The index replaces the bundled places; on any error the current index is kept."
        )

        @Argument(help: ArgumentHelp("The GeoNames file.", valueName: "file"), completion: .file(extensions: ["zip", "txt", "gz"]))
        var file: String

        func run() async throws {
            let started = ContinuousClock.now
            let gazetteer = try await CommandLineApp.with { application in try application.importPlaces(from: file) }
            let elapsed = started.duration(to: .now)
            let size = POSIXPath.size(gazetteer.path) ?? 0
            Terminal.standardOutput.write(StorageText.placesImported(
                count: gazetteer.count, path: gazetteer.path, mebibytes: Int(size / 1_048_576), seconds: elapsed.inSeconds, words: UserLanguage.words()))
        }
    }

    struct Status: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "status", abstract: "Show which place index is used and how many places it has.")

        func run() async throws {
            let status = try await CommandLineApp.with { application in try application.placeIndexStatus() }
            Terminal.standardOutput.write(StorageText.placesStatus(count: status.count, source: status.source, path: status.path,
                                                                   words: UserLanguage.words(), width: Terminal.standardOutput.columns))
            RunNotes.warn(unwritten: status.unwrittenCaches)
        }
    }

    struct Reset: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "reset", abstract: "Remove your imported index and use the bundled places again.")

        func run() async throws {
            try await CommandLineApp.with { application in try application.removeImportedPlaces() }
            Terminal.standardOutput.write(StorageText.bundledPlaces(words: UserLanguage.words()))
        }
    }
}
