import ArgumentParser
import ForecastCore
import ForecastPresentation
import Foundation
import Places

extension CitiesCommand {
    struct Status: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "status", abstract: "Show which place index is used and how many places it has.")

        func run() throws {
            let places = LocalFiles.places()
            let gazetteer = try places.gazetteer()
            Terminal.standardOutput.writeLine("""
            Places   \(ValueFormat.grouped(gazetteer.count)) from \(gazetteer.source)
            Index    \(gazetteer.path)
            Data     GeoNames (https://www.geonames.org/), CC BY 4.0
            """)
            try RunNotes.finish(unwritten: places.takeProblems())
        }
    }
}
