import ForecastCore
import ForecastlyBase
import ForecastStore
import Foundation
import LocationProvider
import Synchronization

extension Application {
    /// `--watch`: the forecast kept current, screen by screen. It fetches
    /// again when the interval passes, when the user moves a few kilometres,
    /// and when the permission changes (another `forecastly location …`, a
    /// new policy); when the service fails it shows the stored forecast
    /// marked stale and tries again with backoff. Locating runs whenever the
    /// permission allows it, and starts again when it comes back. With
    /// notifications on, new and worse warnings and rain about to start are
    /// handed to the context's notifier after each refresh.
    ///
    /// Throws only what stops a watch from starting (a place that does not
    /// exist, a bad setting); a permission that does not allow locating is
    /// a screen that says so, and the watch waits for it to change. The
    /// stream goes on until its consumer stops (or, with
    /// `endsWithLocations`, until the route has been replayed).
    public func watch(
        _ settings: ForecastSettings, watching: WatchSettings, progress: @escaping ProgressReporter = { _ in }
    ) async throws -> AsyncStream<WatchScreen> {
        let log = NoteLog()
        return try await noting(log) { try await watch(settings, watching: watching, log: log, progress: progress) }
    }

    private func watch(
        _ settings: ForecastSettings, watching: WatchSettings, log: NoteLog, progress: @escaping ProgressReporter
    ) async throws -> AsyncStream<WatchScreen> {
        let finder = PlaceFinder(application: self, choice: settings.place, log: log)
        let services = self.services(settings.service)
        // A watch keeps its forecasts to show one stale when the service fails, in memory if need be.
        let store = context.store.cache(log) ?? (try? SQLiteStore.inMemory())
        let found = try await finder.find(offline: finder.offline(), services: services, waitingIsFine: true, progress: progress)
        let given: String? = if case .place(let place) = found { place.name } else { nil }
        let places = context.places
        // The first screen may come from the store; later ones are due
        // because the interval passed, so they fetch (unless the provider's
        // Expires says not yet).
        let policy: CachePolicy = watching.refresh ? .refresh : .preferStored(maxAge: min(watching.maxAge, watching.interval.inSeconds - 1))
        let caching = try services.answering(store: store, policy: policy) { request in places.name(given: given, at: request.coordinate) }
        var place: Place?
        var locations: AsyncStream<LocationUpdate>?
        var decisions: AsyncStream<LocatingDecision>?
        var liveness: LocationLiveness?
        var background: [Task<Void, Never>] = []
        switch found {
        case .place(let known):
            place = known
        case .user(let source):
            let (stream, feed) = AsyncStream<LocationUpdate>.makeStream()
            locations = stream
            decisions = await Self.shownDecisions(source)
            let clock = context.clock
            let once = watching.endsWithLocations
            let heard = LocationLiveness()
            liveness = heard
            let retry = watching.interval
            background.append(Task.placed {
                await Self.keepLocating(source, feed: feed, once: once, liveness: heard, clock: clock, retryAfter: retry)
            })
            background.append(Task.placed { await source.permission.follow(clock: clock) })
        }
        let frames = Self.frames(
            clock: context.clock, interval: watching.interval, backoff: watching.backoff, place: place?.coordinate, locations: locations,
            endsWithLocations: watching.endsWithLocations, decisions: decisions, now: context.now
        ) { coordinate throws(ForecastError) in
            let forecast = try await caching.forecast(for: try settings.request(coordinate))
            return (forecast, caching.lastOrigin ?? .network)
        }
        let notifications = watching.notify.flatMap { notify in
            context.notifier.map { WatchNotifications(notifier: $0, settings: notify, hourCycle: watching.hourCycle) }
        }
        let firstNotes = log.all
        let wanted = watching.notify == nil ? settings.extras
            : ExtrasWanted(airQuality: settings.extras.airQuality, airQualityScale: settings.extras.airQualityScale, nowcast: true, alerts: true)
        let shownPlace = place
        let running = background
        let sourceLiveness = liveness
        return AsyncStream { continuation in
            let drawing = Task.placed {
                var notes = firstNotes
                var noticed = 0
                for await frame in frames {
                    var screen = WatchScreen(frame: frame)
                    if case .forecast(let forecast, let origin, _) = frame {
                        // The extras of each new forecast: what is shown, and what notifications watch.
                        let screenLog = NoteLog()
                        let extras = await self.extras(wanted, at: forecast.requestedCoordinate, entry: shownPlace?.gazetteerEntry,
                                                       services: services, store: store, deadline: self.extraDeadline(settings.service, ready: true), log: screenLog)
                        notes += screenLog.all
                        if let note = extras.note(forecastOrigin: origin) { notes.append(note) }
                        if let notifications, let note = await notifications.refresh(extras, timeZone: forecast.timeZone, now: context.now()) {
                            notes.append(note)
                        }
                        screen.answer = ForecastAnswer(
                            forecast: forecast, placeLabel: places.label(given: shownPlace?.name, fix: forecast.fix, at: forecast.requestedCoordinate),
                            place: shownPlace?.gazetteerEntry, origin: origin, extras: extras.shown(settings.extras, timeZone: forecast.timeZone))
                        // Each screen, as each single run: a clock that is wrong stays wrong until it is set.
                        if let answer = screen.answer, let outdated = OutdatedNote.note(for: answer, now: context.now()) { notes.append(outdated) }
                        if let fix = forecast.fix, let silent = sourceLiveness?.note(for: fix, now: context.now()) { notes.append(silent) }
                    }
                    let notices = caching.notices
                    notes += notices.dropFirst(noticed).map { .note($0) }
                    noticed = notices.count
                    screen.notes = notes
                    notes = []
                    continuation.yield(screen)
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in
                drawing.cancel()
                for task in running { task.cancel() }
            }
        }
    }

    /// Locating runs whenever the decision permits it; the guard stops it
    /// the moment it does not, and it starts again when it does once more.
    /// While it may not, the stored place answers, when the plan falls back
    /// to one. `once`: a replayed route is followed to its end, and then the
    /// locations end too.
    private static func keepLocating<C: Clock<Duration>>(
        _ source: LocationSource, feed: AsyncStream<LocationUpdate>.Continuation, once: Bool, liveness: LocationLiveness,
        clock: C, retryAfter interval: Duration
    ) async {
        if once {
            for await update in source.provider.updates() { feed.yield(update) }
            feed.finish()
            return
        }
        var running: Task<Void, Never>?
        var showingStoredPlace = false
        for await decision in await source.permission.decisions(for: source.kinds) {
            let storedPlace = !decision.permitsLocating
            guard let provider = storedPlace ? source.storedPlace : source.provider, !(storedPlace && showingStoredPlace) else { continue }
            // The one before ends: the guard ended locating when the decision
            // changed, the stored place ends after its one fix, and a source
            // waiting to be asked again is not.
            if let running {
                running.cancel()
                await running.value
            }
            showingStoredPlace = storedPlace
            running = Task.placed {
                await locate(provider, retrying: !storedPlace, feed: feed, liveness: liveness, clock: clock, retryAfter: interval)
            }
        }
        running?.cancel()
    }

    /// `provider`'s updates to the watch. A source that failed (GeoClue
    /// restarted, no network yet for the IP lookup at login) is asked again
    /// an interval later, as the screen said it would be; without this the
    /// watch said "Trying again in 10 min" and never did. One that answered
    /// and ended (an IP lookup) is done, and a refusal is the decisions' to
    /// follow, not this.
    private static func locate<C: Clock<Duration>>(
        _ provider: any LocationProvider, retrying: Bool, feed: AsyncStream<LocationUpdate>.Continuation, liveness: LocationLiveness,
        clock: C, retryAfter interval: Duration
    ) async {
        while !Task.isCancelled {
            var failedAt: C.Instant?
            for await update in provider.updates() {
                liveness.hear(update)
                switch update {
                case .fix: failedAt = nil
                // Before the screen that says so: the retry is due an interval after it.
                case .diagnostic(.failed(let error)) where error.exitStatus != .noPermission: failedAt = clock.now
                case .diagnostic: break
                }
                feed.yield(update)
            }
            guard retrying, let failedAt, !Task.isCancelled else { return }
            // A clock already past the deadline (a test's, advanced meanwhile) is not slept on.
            let deadline = failedAt.advanced(by: interval)
            if clock.now < deadline {
                do { try await clock.sleep(until: deadline, tolerance: nil) } catch { return }
            }
        }
    }

    /// The decisions the watcher enforces: while locating is refused and the
    /// stored place answers instead, none is needed for what it shows.
    private static func shownDecisions(_ source: LocationSource) async -> AsyncStream<LocatingDecision> {
        let decisions = await source.permission.decisions(for: source.kinds)
        guard source.storedPlace != nil else { return decisions }
        return AsyncStream { continuation in
            let task = Task.placed {
                for await decision in decisions { continuation.yield(decision.permitsLocating ? decision : .notNeeded) }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// The watcher's frames on the context's clock, whatever clock that is.
    private static func frames<C: Clock<Duration>>(
        clock: C, interval: Duration, backoff: WatchBackoff, place: Coordinate?, locations: AsyncStream<LocationUpdate>?, endsWithLocations: Bool,
        decisions: AsyncStream<LocatingDecision>?, now: @escaping @Sendable () -> Date,
        fetch: @escaping @Sendable (Coordinate) async throws(ForecastError) -> (Forecast, ForecastOrigin)
    ) -> AsyncStream<WatchFrame> {
        ForecastWatcher(clock: clock, configuration: .init(interval: interval, backoff: backoff)).frames(
            place: place, locations: locations, endsWithLocations: endsWithLocations, decisions: decisions, now: now, fetch: fetch)
    }
}
