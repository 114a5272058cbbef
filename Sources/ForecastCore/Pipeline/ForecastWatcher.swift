public import ForecastlyBase
public import Foundation
public import LocationProvider

/// `--watch`: keeps a forecast current. It fetches again when the interval
/// passes, when the position moves more than `moveThresholdMeters`, and
/// when the location permission changes; when the service fails it shows
/// the stored forecast marked stale and retries with backoff, so it
/// refreshes by itself as soon as the service answers again.
///
/// Time comes from the injected clock, so tests of intervals and backoff
/// run instantly with a test clock.
public struct ForecastWatcher<C: Clock>: Sendable where C.Duration == Duration {
    public struct Configuration: Sendable {
        public var interval: Duration
        public var backoff: WatchBackoff
        public var moveThresholdMeters: Double

        public init(interval: Duration = .seconds(600), backoff: WatchBackoff = WatchBackoff(), moveThresholdMeters: Double = 3_000) {
            self.interval = interval
            self.backoff = backoff
            self.moveThresholdMeters = moveThresholdMeters
        }
    }

    /// Why a fetch happens.
    enum Event: Sendable {
        case due(generation: Int)
        case moved(LocationFix)
        case decision(LocatingDecision)
        case locationFailed(LocationError)
        /// `locations` finished: every fix before it has been dealt with.
        case locationsEnded
    }

    public let clock: C
    public let configuration: Configuration

    public init(clock: C, configuration: Configuration) {
        self.clock = clock
        self.configuration = configuration
    }

    /// The frames, until the consumer stops listening, or until `locations`
    /// ends when `endsWithLocations` is set.
    /// - Parameters:
    ///   - place: a fixed place, or nil to follow `locations`.
    ///   - locations: fixes as they come (gpsd's updates), when not fixed.
    ///   - endsWithLocations: finish the frames once `locations` has ended and
    ///     the forecasts its last fixes asked for have been shown (a replayed
    ///     route); otherwise a watch goes on at the last position.
    ///   - decisions: the decision on locating and each change of it, when
    ///     following `locations`: the watcher enforces it (no fetch for a
    ///     located place while it does not permit locating).
    ///   - now: the wall-clock time, for a stale forecast's age.
    ///   - fetch: one forecast for a coordinate, with where it came from.
    public func frames(
        place: Coordinate?,
        locations: AsyncStream<LocationUpdate>? = nil,
        endsWithLocations: Bool = false,
        decisions: AsyncStream<LocatingDecision>? = nil,
        now: @escaping @Sendable () -> Date = Date.init,
        fetch: @escaping @Sendable (Coordinate) async throws(ForecastError) -> (Forecast, ForecastOrigin)
    ) -> AsyncStream<WatchFrame> {
        let (events, eventInput) = AsyncStream.makeStream(of: Event.self)
        let (frames, output) = AsyncStream.makeStream(of: WatchFrame.self)
        let clock = self.clock
        let configuration = self.configuration

        // The deadline is fixed now, not when the task first runs: the wait
        // counts from the fetch, and a clock that reaches the deadline before
        // the task sleeps (a test advancing it) still makes it due. A test
        // clock would hold a sleep until the very instant it shows, so a
        // deadline already reached is not slept on at all.
        func schedule(after delay: Duration, generation: Int) -> Task<Void, Never> {
            let deadline = clock.now.advanced(by: delay)
            return Task.placed {
                if clock.now < deadline {
                    do { try await clock.sleep(until: deadline, tolerance: nil) } catch { return }
                }
                eventInput.yield(.due(generation: generation))
            }
        }

        let sources = Task.placed {
            await withTaskGroup(of: Void.self) { group in
                if let locations {
                    group.addTask {
                        for await update in locations {
                            switch update {
                            case .fix(let fix): eventInput.yield(.moved(fix))
                            case .diagnostic(.failed(let error)): eventInput.yield(.locationFailed(error))
                            case .diagnostic: continue
                            }
                        }
                        // After the last fix, in the same queue: the loop
                        // reaches it only when that fix has been dealt with.
                        eventInput.yield(.locationsEnded)
                    }
                }
                if let decisions {
                    group.addTask {
                        for await decision in decisions { eventInput.yield(.decision(decision)) }
                    }
                }
            }
        }

        let loop = Task.placed {
            var coordinate = place
            // The fix the coordinate came from, for a located watch: each
            // forecast says where it was located from, as a single run's does.
            var located: LocationFix?
            var fetchedAt: Coordinate?
            var failures = 0
            var generation = 0
            var timer: Task<Void, Never>?
            var permitted = true
            // The last good forecast and when it was fetched, to show marked stale.
            var lastShown: (Forecast, Date)?

            // The next timer is set before a frame is shown, so whoever reads
            // the frame (a test advancing its clock) finds its deadline fixed.
            func refresh() async {
                guard let target = coordinate, permitted else { return }
                generation += 1
                timer?.cancel()
                let frame: WatchFrame
                let next: Duration
                do throws(ForecastError) {
                    var (forecast, origin) = try await fetch(target)
                    if let located, located.coordinate == target { forecast.fix = located }
                    fetchedAt = target
                    if case .stale = origin {
                        failures += 1
                        next = configuration.backoff.delay(afterFailures: failures)
                    } else {
                        failures = 0
                        lastShown = (forecast, origin.fetchedAt ?? now())
                        next = configuration.interval
                    }
                    frame = .forecast(forecast, origin: origin, nextRefresh: next)
                } catch {
                    failures += 1
                    next = configuration.backoff.delay(afterFailures: failures)
                    if error.canFallBackToStored, let (forecast, shownAt) = lastShown {
                        frame = .forecast(forecast, origin: .stale(fetchedAt: shownAt, error: error), nextRefresh: next)
                    } else {
                        frame = .failed(error, retryIn: next)
                    }
                }
                timer = schedule(after: next, generation: generation)
                output.yield(frame)
            }

            await refresh()
            watching: for await event in events {
                switch event {
                case .due(let due) where due == generation:
                    await refresh()
                case .due:
                    continue // a timer replaced by a newer fetch
                case .moved(let fix):
                    let next = fix.coordinate
                    let first = coordinate == nil
                    coordinate = next
                    located = fix
                    if first || fetchedAt.map({ $0.distance(to: next) > configuration.moveThresholdMeters }) ?? true {
                        await refresh()
                    }
                case .decision(let decision):
                    do throws(LocationError) {
                        _ = try decision.grant()
                        if !permitted { permitted = true; await refresh() }
                    } catch {
                        permitted = false
                        timer?.cancel()
                        output.yield(.notPermitted(error))
                    }
                case .locationFailed(let error):
                    if coordinate == nil { output.yield(.notLocated(error, retryIn: configuration.interval)) }
                case .locationsEnded:
                    if endsWithLocations { break watching }
                }
            }
            timer?.cancel()
            output.finish()
        }

        output.onTermination = { _ in
            loop.cancel()
            sources.cancel()
            eventInput.finish()
        }
        return frames
    }
}

/// What a watch shows now.
public enum WatchFrame: Sendable {
    /// A forecast; `origin` says whether it is fresh, stored or stale.
    case forecast(Forecast, origin: ForecastOrigin, nextRefresh: Duration)
    /// Nothing to show: the error, and when the next attempt is.
    case failed(ForecastError, retryIn: Duration)
    /// No fix yet, and the source failed: the error, and when the next attempt is.
    case notLocated(LocationError, retryIn: Duration)
    /// Locating is not permitted (any more); waiting for the decision to change.
    case notPermitted(LocationError)
}
