import ArgumentParser
import ForecastlyBase
import Foundation
import ForecastlySimulation

/// `forecastly simulate ctl`: drives a served story while the program under
/// test keeps running.
struct SimulateControlCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ctl",
        abstract: "Drive a story that 'simulate serve' is playing: move, unplug, pause, the weather, permissions, status.",
        discussion: """
        Commands:
          status               the story's time, the receiver, every gpsd client
                               and what it was told, the weather (--json: JSON)
          move LAT,LON         the receiver reports this position now
          unplug | plug        the receiver goes away, or comes back with no fix
          pause | resume       the story's clock stops, or goes on
          weather MODE         up, down, rateLimited, slow, truncated or offline
          allow|deny [APP]     what GeoClue tells an app (its desktop id; every
                               app without one)
          revoke [APP]         as deny: a running client is stopped
          switch on|off        the desktop's location switch
          accuracy LEVEL [APP] the finest level granted: exact, street,
                               neighborhood, city, country or none

        The story is found by FORECASTLY_SIMULATE_CONTROL, which 'simulate
        serve' prints.
        """
    )

    @Argument(help: ArgumentHelp("The command and its argument.", valueName: "command"))
    var words: [String] = []

    @Option(help: ArgumentHelp("The control socket (default: FORECASTLY_SIMULATE_CONTROL).", valueName: "path"), completion: .file())
    var control: String?

    @Flag(help: "Print the answer as JSON.")
    var json = false

    func validate() throws {
        guard !words.isEmpty else { throw UsageMistake.error(MessageText("Say a command: status, move LAT,LON, unplug, plug, pause, resume, weather MODE, allow|deny|revoke [APP], switch on|off or accuracy LEVEL [APP].")) }
    }

    func run() async throws {
        guard let path = control ?? ProcessEnvironment.variables["FORECASTLY_SIMULATE_CONTROL"], !path.isEmpty else {
            throw StoryControlError.noStory
        }
        let reply = try StoryControlClient.send(words.joined(separator: " "), to: path)
        if json || words == ["status"] {
            Terminal.standardOutput.writeLine(json ? reply.json : reply.description)
        }
    }
}
