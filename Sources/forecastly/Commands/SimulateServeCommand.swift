import ArgumentParser
import ForecastlyBase
import ForecastlySimulation
import Foundation
import Synchronization

/// `forecastly simulate serve`: a story played to other programs through
/// the interface they use (gpsd's protocol), until it ends.
struct SimulateServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Play a story or a track to other programs through gpsd, GeoClue and the location portal, until it ends.",
        discussion: """
        Example:
          forecastly simulate serve --track commute.gpx --speed 60 --once
        It prints the settings a program under test needs, one per line in
        shell form, then "ready":
          export GPSD_HOST=127.0.0.1 GPSD_PORT=…
          export FORECASTLY_GPSD=127.0.0.1:…
          export DBUS_SYSTEM_BUS_ADDRESS=unix:path=…   (GeoClue's bus, the story's own)
          export DBUS_SESSION_BUS_ADDRESS=unix:path=…  (the location portal's)
          export OPEN_METEO_URL=http://127.0.0.1:… FORECASTLY_OPEN_METEO_URL=…
          export FORECASTLY_SIMULATE_CONTROL=…   (for 'forecastly simulate ctl')
        and serves gpsd's JSON protocol there (VERSION on connect, ?WATCH,
        ?POLL, ?DEVICES, ?VERSION; TPV, SKY, DEVICE) with the story's gpsd
        location steps and the track's points, at their own pace, --speed
        times faster, and Open-Meteo's /v1/forecast, answering or failing as
        the story's weather steps say (up, down, rateLimited, slow,
        truncated, offline), and org.freedesktop.GeoClue2 as GeoClue 2.6
        serves it, on a bus of its own: each desktop id allowed, denied or
        asked as the story's "apps" say, at the accuracy granted (coarsened
        as GeoClue does), refused while the desktop's switch is off; and the
        location portal (org.freedesktop.portal.Location) from the same
        grants, on a session bus of its own. It never touches the machine's
        own gpsd or buses. It ends when the story and
        the track have been played: exit 0 when every promise held, 1 when a
        client was told what its permission did not allow; what each client
        was told goes to stderr, or to --transcript FILE.
        """
    )

    @OptionGroup var story: StoryOptions

    @Flag(help: "Play the track once, then end (the default).")
    var once = false

    @Flag(help: "Play the track again from its start each time it ends, until stopped.")
    var loop = false

    @Flag(help: "Start with the story's clock stopped: 'forecastly simulate ctl resume' starts it (once your program is listening).")
    var paused = false

    @Option(name: .customLong("gpsd-port"), parsing: .unconditional, help: ArgumentHelp("The port to serve gpsd on (default: a free one).", valueName: "port"))
    var gpsdPort: Int?

    @Option(name: .customLong("weather-port"), parsing: .unconditional,
            help: ArgumentHelp("The port to serve the weather (Open-Meteo's /v1/forecast) on (default: a free one).", valueName: "port"))
    var weatherPort: Int?

    @Option(help: ArgumentHelp("Write what happened to this file instead of stderr.", valueName: "file"), completion: .file())
    var transcript: String?

    func validate() throws {
        guard story.scenario != nil || story.track != nil else { throw UsageMistake.error(MessageText("Give --scenario FILE, --track FILE, or both.")) }
        if once, loop { throw UsageMistake.error(MessageText("Choose --once or --loop, not both.")) }
        if loop, story.track == nil { throw UsageMistake.error(MessageText("--loop repeats a track; give --track FILE.")) }
        for (option, port) in [("--gpsd-port", gpsdPort), ("--weather-port", weatherPort)] {
            if let port, !(1...65_535).contains(port) {
                throw UsageMistake.error(MessageText("{option} must be between 1 and 65535; got {value}.", ["option": option, "value": "\(port)"]))
            }
        }
    }

    func run() async throws {
        if let transcript { try OutputFile.check(transcript) }
        let (scenario, route) = try story.read()
        let served = ServedStory(scenario: scenario, track: route, speed: story.speed, loop: loop, paused: paused)
        let lines = Mutex<[String]>([])
        let toFile = transcript != nil
        let log: @Sendable (String) -> Void = { line in
            if toFile { lines.withLock { $0.append(line) } } else { Terminal.standardError.writeLine(line) }
        }
        let session = try await ServedSession.start(served, gpsdPort: gpsdPort ?? 0, weatherPort: weatherPort ?? 0, log: log)
        for line in session.settings { Terminal.standardOutput.writeLine(line) }
        Terminal.standardOutput.writeLine("ready")
        let broken = try await session.playUntilStopped()
        if let transcript {
            try OutputFile.write(Array(lines.withLock { $0 }.map { $0 + "\n" }.joined().utf8), to: transcript)
        }
        if !broken.isEmpty { throw SilentExit(status: .failure) }
    }
}
