import ArgumentParser
import ForecastCore
import ForecastlyBase
import ForecastPresentation
import Foundation
import Places

extension CitiesCommand {
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
            let index = LocalFiles.places().index
            let gazetteer = try index.importDump(at: file)
            let elapsed = started.duration(to: .now)
            let size = POSIXPath.size(gazetteer.path) ?? 0
            Terminal.standardOutput.writeLine(
                "Imported \(ValueFormat.grouped(gazetteer.count)) places into \(gazetteer.path) (\(size / 1_048_576) MiB) in \(ValueFormat.decimal(elapsed.inSeconds, places: 1)) s.")
        }
    }
}
