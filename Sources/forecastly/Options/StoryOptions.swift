import ArgumentParser
import ForecastlyBase
import ForecastlySimulation
import Foundation

/// What `simulate play` and `simulate serve` both play: a story, a route, and how fast.
struct StoryOptions: ParsableArguments {
    @Option(help: ArgumentHelp("A permission story to play (JSON; its format is the DocC article Scenarios).", valueName: "file"),
            completion: .file(extensions: ["json"]))
    var scenario: String?

    @Option(help: ArgumentHelp("A route to play (GPX, or an NMEA log), its points at their recorded times. With --scenario, the story's receiver drives it while the permission changes.", valueName: "file"),
            completion: .file(extensions: ["gpx", "nmea", "log", "txt"]))
    var track: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("How many times faster than written or recorded, 0.1…10000.", valueName: "factor"))
    var speed: Double = 1

    func validate() throws {
        guard speed.isFinite, (0.1...10_000).contains(speed) else {
            throw UsageMistake.error(MessageText("--speed must be between 0.1 and 10000; got {value}.", ["value": speed.asTyped]))
        }
    }

    /// The story and the route, read.
    func read() throws -> (scenario: Scenario?, route: Track?) {
        (try scenario.map { try Scenario.load(from: URL(fileURLWithPath: $0)) }, try track.map { try Track.read(from: URL(fileURLWithPath: $0)) })
    }
}
