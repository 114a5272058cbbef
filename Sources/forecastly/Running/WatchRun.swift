import ForecastCore
import ForecastlyBase
import ForecastPresentation
import ForecastStore
import Foundation
import LocationProvider
import Places

/// `forecastly --watch`: frames from `ForecastWatcher`, drawn in place on a
/// terminal or appended otherwise (a status bar reads one line per frame).
struct WatchRun {
    let run: ForecastRun
    let renderer: OutputRenderer
    let hours: Int
    let interval: Duration
    let maxAge: TimeInterval
    let refresh: Bool
    /// `--notify`: what to announce on the desktop, and where.
    var notifications: WatchNotifications?

    func start(store: SQLiteStore?) async throws {
        let inPlace = Terminal.standardOutput.isTerminal
        WatchTerminal.prepare(inPlace: inPlace)
        let offline = run.finder.offline()
        try await Services.with(run.services) { services in
            let found = try await run.finder.find(offline: offline, services: services)
            // The first frame may come from the store; later ones are due
            // because the interval passed, so they fetch (unless the
            // provider's Expires says not yet).
            let caching = services.answering(
                store: try store ?? SQLiteStore.inMemory(),
                policy: refresh ? .refresh : .preferStored(maxAge: min(maxAge, interval.inSeconds - 1)),
                placeName: ForecastRun.storedName(for: found))
            var place: Place?
            var locations: AsyncStream<LocationUpdate>?
            var authorization: AsyncStream<AuthorizationState>?
            switch found {
            case .place(let known):
                place = known
            case .user(let source):
                locations = source.provider.updates()
                authorization = await source.permission.changes()
            }
            let watcher = ForecastWatcher(clock: ContinuousClock(), configuration: .init(interval: interval))
            let frames = watcher.frames(place: place?.coordinate, locations: locations, authorization: authorization) { [run] coordinate throws(ForecastError) in
                let noticed = caching.notices.count
                let forecast = try await caching.forecast(for: try run.request(coordinate))
                for notice in caching.notices.dropFirst(noticed) { Terminal.standardError.writeLine("forecastly: note: \(notice)") }
                return (forecast, caching.lastOrigin ?? .network)
            }
            for await frame in frames {
                // The extras of each new forecast: what is shown, and what --notify watches.
                var answers = ForecastRun.ExtraAnswers()
                if case .forecast(let forecast, _, _) = frame, run.wantsExtras {
                    answers = await run.extras(at: forecast.requestedCoordinate, entry: place?.gazetteerEntry, services: services, store: store)
                    for notice in answers.notices { Terminal.standardError.writeLine("forecastly: note: \(notice)") }
                }
                draw(frame, name: place?.name, place: place?.gazetteerEntry, inPlace: inPlace, extras: answers)
                if case .forecast(let forecast, _, _) = frame, let notifications {
                    await notifications.refresh(answers, timeZone: forecast.timeZone)
                }
            }
        }
    }

    private func draw(
        _ frame: ForecastWatcher<ContinuousClock>.Frame, name: String?, place: GazetteerPlace?, inPlace: Bool, extras: ForecastRun.ExtraAnswers
    ) {
        var screen = ""
        var status: String
        switch frame {
        case .forecast(let forecast, let origin, let next):
            let placeName = Place.name(given: name, fix: forecast.fix, at: forecast.requestedCoordinate)
            let shown = OutputRenderer.Extras(
                airQuality: extras.air.value, airQualityScale: run.air?.scale ?? AirQualityScale.forPlace(timeZone: forecast.timeZone.identifier),
                nowcast: extras.nowcast.value, alerts: extras.alerts.value)
            screen = renderer.render(forecast, units: run.units, placeName: placeName, hours: hours, place: place, origin: origin, extras: shown)
            if case .stale(_, let error) = origin {
                status = "\(error.summary) Showing the stored forecast; trying again in \(ValueFormat.age(next.inSeconds))."
            } else {
                status = "Next refresh in \(ValueFormat.age(next.inSeconds))."
            }
        case .failed(let error, let retry):
            status = "\(error.summary) Trying again in \(ValueFormat.age(retry.inSeconds))."
        case .notLocated(let error, let retry):
            status = "\(error.summary) Trying again in \(ValueFormat.age(retry.inSeconds))."
        case .notPermitted(let error):
            status = "\(error.userMessage) Waiting for the permission to change."
        }
        if inPlace {
            Terminal.standardOutput.write("\u{1B}[H\u{1B}[2J" + screen + "\n" + status + " Ctrl-C to quit.\n")
        } else {
            if !screen.isEmpty { Terminal.standardOutput.write(screen) }
            switch frame {
            case .forecast(_, .network, _), .forecast(_, .stored, _), .forecast(_, .held, _): break
            default:
                Terminal.standardError.writeLine("forecastly: \(status)")
            }
        }
    }
}
