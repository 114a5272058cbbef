import ForecastlyBase
import ArgumentParser
import ForecastCore
import ForecastlyApp
import ForecastPresentation
import ForecastlySettings
import Places

/// `forecastly forecast`: the main job.
struct ForecastCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "forecast",
        abstract: "Show the weather now, for the next hours and the coming days (the default command).",
        discussion: "Give --city several times to compare the places in one table, as 'forecastly compare' does."
    )

    @Argument(help: ArgumentHelp(LocationOptions.placeHelp + " A subcommand's name is the subcommand: use --city for a place of that name.",
                                 valueName: "place"), completion: .custom(PlaceCompletion.complete))
    var place: String?

    @OptionGroup(title: "Location")
    var givenLocation: LocationOptions

    /// The location options with PLACE folded in.
    var location: LocationOptions {
        get throws { try givenLocation.including(place: place) }
    }

    @OptionGroup(title: "Locating (without --lat/--lon)")
    var locating: LocationSourceOptions

    @OptionGroup(title: "Forecast")
    var forecastOptions: ForecastOptions

    @OptionGroup(title: "Output")
    var output: OutputOptions

    @OptionGroup(title: "Service")
    var service: ServiceOptions

    @OptionGroup(title: "Cache")
    var cache: CacheOptions

    @OptionGroup(title: "Watch")
    var watching: WatchOptions

    func validate() throws {
        // `forecastly --lang de sky`: options before a command's name make the
        // name this command's place; a forecast for a place called "sky" would be a wrong answer.
        if let place, CommandSuggestion.names(of: ForecastlyCommand.self).contains(place) {
            throw UsageMistake.error(MessageText("“{word}” is a command: put it first ('forecastly {word} …'), or use --city for a place of that name.",
                                                ["word": place]))
        }
        let location = try self.location
        _ = try location.coordinate()
        if try location.cityQueries().count > 1, output.format != nil || output.oneline || output.waybar {
            throw UsageMistake.error(MessageText("--format and --oneline show one place; several --city names make a table (or --json)."))
        }
        if watching.watch, cache.offline { throw UsageMistake.error(MessageText("--watch fetches; it cannot be combined with --offline.")) }
        if watching.watch, try location.cityQueries().count > 1 { throw UsageMistake.error(MessageText("--watch shows one place; give --city once.")) }
    }

    func run() async throws {
        do {
            try await show()
        } catch {
            let error = Self.mistyped(error, place: place) ?? error
            // A status bar reading --waybar shows why rather than going blank.
            if output.waybar, let failure = FailedRun.underlying(error) as? any UserFacingError {
                Terminal.standardOutput.write(WaybarLine.failure(UserLanguage.line(failure), status: failure.exitStatus))
            }
            throw error
        }
    }

    /// `forecastly compre`: no place has the name, but a subcommand nearly does.
    static func mistyped(_ error: any Error, place: String?) -> MistypedCommand? {
        guard let place, case .notFound(let query, _, _) = FailedRun.underlying(error) as? PlaceResolutionError,
              query == place, let meant = CommandSuggestion.subcommand(near: place)
        else { return nil }
        return MistypedCommand(typed: place, meant: meant)
    }

    private func show() async throws {
        Diagnostics.bootstrap(verbose: output.verbose)
        let settings = try Settings.forRun(forecastOptions.flags(service: service, output: output))
        let location = try self.location
        let cities = try location.cityQueries()
        if cities.count > 1 {
            try await CompareCommand.show({ _ in cities }, settings: settings, service: service, json: output.json, noColor: output.noColor)
            return
        }
        let renderer = try output.renderer(clock: settings.clock.value, words: settings.words)
        let forecast = ForecastSettings(
            place: try location.choice(locating: locating, settings: settings), days: settings.days.value,
            service: service.settings(settings),
            extras: ExtrasWanted(
                airQuality: settings.airQuality.value && renderer.showsAirQuality, airQualityScale: settings.aqi?.value,
                // --notify watches the warnings and the rain whatever is shown.
                nowcast: settings.nowcast.value && (renderer.showsNowcast || watching.notify),
                alerts: settings.alerts.value && (renderer.showsAlerts || watching.notify)),
            cache: cache.policy)
        let hours = settings.hours.value
        let units = settings.measurementUnits
        try await CommandLineApp.with(timeout: service.timeout) { application in
            if watching.watch {
                let watch = WatchSettings(
                    interval: watching.interval.duration, maxAge: cache.maxAge.seconds, refresh: cache.refresh,
                    notify: watching.notify ? NotifySettings(rainThreshold: watching.rainNotice.duration, words: settings.words) : nil,
                    hourCycle: settings.clock.value)
                try await WatchOutput(renderer: renderer, units: units, hours: hours).show(application, forecast, watch)
                return
            }
            let answer = cache.offline
                ? try application.storedForecast(forecast)
                : try await Spinner.while(renderer.isReport && Terminal.standardError.isTerminal) { try await application.forecast(forecast, progress: $0) }
            RunNotes.print(answer.notes)
            RunNotes.printStaleness(answer)
            renderer.show(answer, units: units, hours: hours)
            RunNotes.warn(unwritten: answer.unwrittenCaches)
        }
    }
}
