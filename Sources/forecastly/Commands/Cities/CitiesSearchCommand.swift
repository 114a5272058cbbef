import ForecastlyBase
import ArgumentParser
import ForecastlyApp
import ForecastPresentation
import Places

extension CitiesCommand {
    struct Search: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "search",
            abstract: "List places whose name starts with PREFIX, most populous first.",
            discussion: "Case and accents do not matter, and alternate names count: \"kiev\", \"Kyiv\" and \"Киев\" all find Kyiv. Narrow by country with \"Paris, FR\"."
        )

        @Argument(help: ArgumentHelp("The start of a place name.", valueName: "prefix"), completion: .custom(PlaceCompletion.complete))
        var prefix: String

        @Option(parsing: .unconditional, help: ArgumentHelp("How many places to list, 1…100.", valueName: "n"))
        var limit: Int = 10

        @Flag(help: "Print a JSON array.")
        var json = false

        func validate() throws {
            guard (1...100).contains(limit) else { throw UsageMistake.error(MessageText("--limit must be between 1 and 100; got {value}.", ["value": "\(limit)"])) }
            do { _ = try PlaceQuery(prefix) } catch { throw UsageMistake.error(error) }
        }

        func run() async throws {
            let query = try PlaceQuery(prefix)
            let found = try await CommandLineApp.with { application in try application.searchPlaces(query, limit: limit) }
            let matches = found.matches
            if json {
                Terminal.standardOutput.writeJSON(PlaceDocument(matches: matches).encoded())
            } else if !matches.isEmpty {
                Terminal.standardOutput.write(PlaceText.table(matches, words: UserLanguage.words(), width: Terminal.standardOutput.columns))
            }
            RunNotes.warn(unwritten: found.unwrittenCaches)
            if matches.isEmpty {
                throw PlaceResolutionError.notFound(query: query.description, suggestions: found.suggestions.map(\.qualifiedName), onlineFailure: nil)
            }
        }
    }
}
