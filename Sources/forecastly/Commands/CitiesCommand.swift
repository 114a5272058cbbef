import ArgumentParser
import ForecastCore
import ForecastlyBase
import ForecastPresentation
import Foundation
import Places

/// `forecastly cities …`: the offline place index.
struct CitiesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cities",
        abstract: "Search the offline place index, or import a larger one from GeoNames.",
        subcommands: [Search.self, Import.self, Status.self, Reset.self],
        defaultSubcommand: Search.self
    )

    struct Search: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "search",
            abstract: "List places whose name starts with PREFIX, most populous first.",
            discussion: "Case and accents do not matter, and alternate names count: \"kiev\", \"Kyiv\" and \"Киев\" all find Kyiv. Narrow by country with \"Paris, FR\"."
        )

        @Argument(help: ArgumentHelp("The start of a place name.", valueName: "prefix"), completion: .custom(PlaceLookup.complete))
        var prefix: String

        @Option(parsing: .unconditional, help: ArgumentHelp("How many places to list, 1…100.", valueName: "n"))
        var limit: Int = 10

        @Flag(help: "Print a JSON array.")
        var json = false

        func validate() throws {
            guard (1...100).contains(limit) else { throw ValidationError("--limit must be between 1 and 100; got \(limit).") }
            do { _ = try PlaceQuery(prefix) } catch { throw ValidationError(error.userMessage) }
        }

        func run() throws {
            let query = try PlaceQuery(prefix)
            let gazetteer = try PlaceLookup.gazetteer()
            let matches = gazetteer.searchMatches(query, limit: limit)
            if json {
                Terminal.standardOutput.writeLine(Self.json(matches))
            } else if !matches.isEmpty {
                Terminal.standardOutput.write(Self.table(matches))
            }
            if matches.isEmpty {
                let suggestions = gazetteer.suggestions(for: query).map(\.qualifiedName)
                throw PlaceResolutionError.notFound(query: query.description, suggestions: suggestions, onlineFailure: nil)
            }
        }

        /// A place found through another name says which: "Quito, EC (san francisco de quito)".
        static func table(_ matches: [SearchMatch]) -> String {
            let rows = matches.map { match in
                let place = match.place
                return [match.description.strippingTerminalControls(limit: 120), place.countryName, "\(place.coordinate)",
                        ValueFormat.grouped(place.population), place.timeZone]
            }
            return TextTable.lines(rows, rightAligned: [3], indent: "").joined(separator: "\n") + "\n"
        }

        static func json(_ matches: [SearchMatch]) -> String {
            String(decoding: PlaceDocument(matches: matches).encoded(), as: UTF8.self)
        }
    }

    struct Import: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import",
            abstract: "Build your place index from a GeoNames dump (cities500/1000/5000/15000, .txt, .zip or .gz).",
            discussion: "Download from https://download.geonames.org/export/dump/ (CC BY 4.0). The index replaces the bundled places; on any error the current index is kept."
        )

        @Argument(help: ArgumentHelp("The GeoNames file.", valueName: "file"), completion: .file(extensions: ["zip", "txt", "gz"]))
        var file: String

        func run() throws {
            let started = ContinuousClock.now
            let index = PlaceLookup.index()
            let gazetteer = try index.importDump(at: file)
            let elapsed = started.duration(to: .now)
            let size = POSIXPath.size(gazetteer.path) ?? 0
            Terminal.standardOutput.writeLine(
                "Imported \(ValueFormat.grouped(gazetteer.count)) places into \(gazetteer.path) (\(size / 1_048_576) MiB) in \(ValueFormat.decimal(elapsed.inSeconds, places: 1)) s.")
        }
    }

    struct Status: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "status", abstract: "Show which place index is used and how many places it has.")

        func run() throws {
            let gazetteer = try PlaceLookup.gazetteer()
            Terminal.standardOutput.writeLine("""
            Places   \(ValueFormat.grouped(gazetteer.count)) from \(gazetteer.source)
            Index    \(gazetteer.path)
            Data     GeoNames (https://www.geonames.org/), CC BY 4.0
            """)
        }
    }

    struct Reset: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "reset", abstract: "Remove your imported index and use the bundled places again.")

        func run() throws {
            let index = PlaceLookup.index()
            try index.removeImport()
            Terminal.standardOutput.writeLine("Using the bundled places (GeoNames, 15,000 people or more).")
        }
    }
}
