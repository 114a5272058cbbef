import ArgumentParser
import ForecastCore
import ForecastlyApp
import ForecastlyBase
import ForecastPresentation
import Foundation
import LocationProvider
import NetworkTransport

extension LocationCommand {
    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "show", abstract: "Print where you are: coordinates, accuracy, source and age (the default).")

        @OptionGroup(title: "Locating") var locating: LocationSourceOptions
        @OptionGroup(title: "Service") var service: ServiceOptions
        @Flag(help: "Print JSON.") var json = false

        func validate() throws {
            try locating.check()
            try service.check()
        }

        func run() async throws {
            let (fix, notes) = try await CommandLineApp.with(timeout: service.timeout) { application in
                try await application.locate(locating.settings)
            }
            RunNotes.print(notes)
            Terminal.standardOutput.write(json ? Self.json(fix) : Self.text(fix))
        }

        static func text(_ fix: LocationFix) -> String {
            var lines = [
                "Latitude   \(fix.coordinate.latitude)",
                "Longitude  \(fix.coordinate.longitude)",
                "Accuracy   " + (fix.accuracyMeters.map { "±" + ValueFormat.distance($0) } ?? (fix.accuracy == .reduced ? "city level" : "unknown")),
                "Source     \(fix.sourceSummary)",
                "Age        \(Int(fix.age(at: Date()).rounded())) s",
            ]
            if let place = fix.placeName { lines.insert("Place      \(place)", at: 2) }
            return lines.joined(separator: "\n") + "\n"
        }

        static func json(_ fix: LocationFix) -> String {
            String(decoding: LocationFixDocument(fix: fix, now: Date()).encoded(), as: UTF8.self) + "\n"
        }
    }
}
