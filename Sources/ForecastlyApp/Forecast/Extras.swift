import ForecastCore
import ForecastlyBase
import ForecastStore
public import Foundation
import NetworkTransport
import Places
import Synchronization

/// The extras' terms. The forecast never waits on them: each gets a short
/// budget of its own after the forecast is ready (`ServiceSettings.extrasWait`),
/// and what has not answered by then is left out. A failure is remembered
/// for a while, so the next runs neither ask again nor wait. An answer
/// stands for as long as it is new enough (the air until the end of its
/// hour, the next two hours for ten minutes; warnings until their service
/// may be asked again), so a repeat run sends no request for it.
public enum ExtraTerms {
    /// How long a failed extra is not asked again.
    public static let failureMemory: TimeInterval = 600
    /// How long the next two hours stand.
    public static let nowcastLifetime: TimeInterval = 600

    /// The air stands until the end of the hour it was fetched in: CAMS
    /// gives hourly values, and the next hour brings a new one.
    static func airValidUntil(_ air: AirQuality, fetchedAt: Date) -> Date {
        Date(timeIntervalSince1970: (fetchedAt.timeIntervalSince1970 / 3600).rounded(.down) * 3600 + 3600)
    }
}

/// An extra beside the forecast, or why not.
struct Extra<Value: Sendable>: Sendable {
    var value: Value?
    /// When the value was fetched (it may come from the store).
    var fetchedAt: Date?
    /// Why it was left out: it failed now, or failed a short while ago.
    var failure: MessageText?
    /// The failure was the network's (no answer, no connection): said once
    /// by the forecast when it is stale for the same reason.
    var networkFailure = false
    /// The error, when it failed now (a watch's notices tell a failed
    /// fetch from "no warnings").
    var error: ForecastError?
}

/// The answers of every extra asked for one place.
struct ExtraAnswers: Sendable {
    var air = Extra<AirQuality>()
    var nowcast = Extra<Nowcast>()
    var alerts = Extra<PlaceAlerts>()

    /// As shown: the air on the index asked for, else the place's region's.
    func shown(_ wanted: ExtrasWanted, timeZone: TimeZone) -> ForecastExtras {
        var extras = ForecastExtras(
            airQuality: air.value, airQualityScale: wanted.airQualityScale ?? AirQualityScale.forPlace(timeZone: timeZone.identifier),
            nowcast: nowcast.value, alerts: alerts.value)
        extras.airQualityFetchedAt = air.fetchedAt
        extras.nowcastFetchedAt = nowcast.fetchedAt
        extras.alertsUnknown = wanted.alerts && alerts.value == nil && alerts.failure != nil
        return extras
    }

    /// At most one short line for every extra left out; none when each was
    /// left out for want of a network and the forecast says so already.
    func note(forecastOrigin: ForecastOrigin?) -> AppNote? {
        let left: [(name: String, extra: (failure: MessageText?, network: Bool))] = [
            ("the air quality", (air.failure, air.networkFailure)),
            ("the next two hours", (nowcast.failure, nowcast.networkFailure)),
            ("the weather warnings", (alerts.failure, alerts.networkFailure)),
        ].filter { $0.extra.failure != nil }
        guard !left.isEmpty else { return nil }
        for (name, extra) in left { AppLog.logger.debug("left out \(name): \(extra.failure?.text ?? "")") }
        if case .stale(_, let error) = forecastOrigin, error.isNetworkFailure, left.allSatisfy(\.extra.network) { return nil }
        let extras = Self.leftOut(air: air.failure != nil, nowcast: nowcast.failure != nil, alerts: alerts.failure != nil)
        let reasons = Set(left.compactMap(\.extra.failure))
        guard reasons.count == 1, let reason = reasons.first, reason.text.count <= 60 else {
            // The reasons were logged above when the front end shows debug lines.
            if AppLog.logger.logLevel <= .debug { return .note(MessageText("Left out: {extras}.", messages: ["extras": [extras]])) }
            return .note(MessageText("Left out: {extras} (--verbose says why).", messages: ["extras": [extras]]))
        }
        return .note(MessageText("Left out: {extras} ({reason}).", messages: ["extras": [extras], "reason": [reason]]))
    }

    /// The extras left out, as one phrase a translator sees whole.
    private static func leftOut(air: Bool, nowcast: Bool, alerts: Bool) -> MessageText {
        switch (air, nowcast, alerts) {
        case (true, false, false): MessageText("the air quality")
        case (false, true, false): MessageText("the next two hours")
        case (false, false, true): MessageText("the weather warnings")
        case (true, true, false): MessageText("the air quality and the next two hours")
        case (true, false, true): MessageText("the air quality and the weather warnings")
        case (false, true, true): MessageText("the next two hours and the weather warnings")
        default: MessageText("the air quality, the next two hours and the weather warnings")
        }
    }
}

/// When the extras' budget runs out: `budget` after the forecast is ready.
final class ExtraDeadline: Sendable {
    let budget: Duration
    private let clock: any Clock<Duration>
    private let state = Mutex<(ready: Bool, waiting: [Int: CheckedContinuation<Void, Never>], next: Int)>((false, [:], 0))

    init(budget: Duration, clock: any Clock<Duration>, ready: Bool = false) {
        self.budget = budget
        self.clock = clock
        if ready { state.withLock { $0.ready = true } }
    }

    /// The forecast is ready: the budget starts.
    func forecastIsReady() {
        let waiting = state.withLock { state in
            state.ready = true
            defer { state.waiting = [:] }
            return Array(state.waiting.values)
        }
        for continuation in waiting { continuation.resume() }
    }

    /// Returns when the budget has run out (or the caller is cancelled).
    func passed() async {
        let id = state.withLock { state in
            defer { state.next += 1 }
            return state.next
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let now = state.withLock { state -> Bool in
                    if state.ready || Task.isCancelled { return true }
                    state.waiting[id] = continuation
                    return false
                }
                if now { continuation.resume() }
            }
        } onCancel: {
            state.withLock { $0.waiting.removeValue(forKey: id) }?.resume()
        }
        guard !Task.isCancelled else { return }
        try? await clock.sleep(for: budget)
    }
}

extension Application {
    /// Asks every extra wanted for the point, all at once, each within the
    /// budget that `deadline` starts when the forecast is ready.
    func extras(
        _ wanted: ExtrasWanted, at coordinate: Coordinate, entry: GazetteerPlace?, services: Services, store: SQLiteStore?,
        deadline: ExtraDeadline, log: NoteLog
    ) async -> ExtraAnswers {
        guard wanted.any else { return ExtraAnswers() }
        let grid = ForecastCacheKey.grid(coordinate)
        let alertService = services.alerts(store: store)
        let alertPlace = context.places.alertPlace(at: coordinate, entry: entry)
        let alertScope = alertService.scope(for: alertPlace)?.key ?? "none"
        let now = context.now
        async let air = extra(
            wanted.airQuality, kind: "airQuality", scope: grid, store: store, deadline: deadline, log: log,
            kept: .codable { air, fetchedAt in ExtraTerms.airValidUntil(air, fetchedAt: fetchedAt) }
        ) { () async throws(ForecastError) in try await services.airQuality().airQuality(at: coordinate) }
        async let nowcast = extra(
            wanted.nowcast, kind: "nowcast", scope: grid, store: store, deadline: deadline, log: log,
            kept: .codable { _, fetchedAt in fetchedAt.addingTimeInterval(ExtraTerms.nowcastLifetime) }
        ) { () async throws(ForecastError) in try await services.nowcast().nowcast(at: coordinate) }
        // Warnings are kept by their own service's terms (CachingAlertService).
        async let alerts = extra(wanted.alerts, kind: "alerts", scope: alertScope, store: store, deadline: deadline, log: log, kept: nil) {
            () async throws(ForecastError) in try await alertService.alerts(for: alertPlace, now: now())
        }
        return ExtraAnswers(air: await air, nowcast: await nowcast, alerts: await alerts)
    }

    /// One extra: from the store while it stands, left out while a failure
    /// is remembered, else asked within the budget and kept (its answer, or
    /// its failure).
    func extra<Value: Sendable>(
        _ wanted: Bool, kind: String, scope: String, store: SQLiteStore?, deadline: ExtraDeadline, log: NoteLog,
        kept: Keeping<Value>?, fetch: @escaping @Sendable () async throws(ForecastError) -> Value
    ) async -> Extra<Value> {
        guard wanted else { return Extra() }
        let now = context.now()
        if let kept, let store, let stored = kept.load(store, kind, scope), stored.isFresh(at: now) {
            return Extra(value: stored.value, fetchedAt: stored.fetchedAt)
        }
        if let remembered = try? store?.failure(kind, scope: scope, at: now) {
            let network = remembered.reason.hasPrefix(Self.networkReasonMark)
            return Extra(failure: Self.reason(stored: remembered.reason.dropFirst(network ? Self.networkReasonMark.count : 0)), networkFailure: network)
        }
        let outcome = await withTaskGroup(of: Result<Value, ForecastError>?.self) { group in
            group.addTask {
                do throws(ForecastError) { return .success(try await fetch()) } catch { return .failure(error) }
            }
            group.addTask {
                await deadline.passed()
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
        let failure: (reason: MessageText, network: Bool, error: ForecastError?)
        switch outcome {
        case .success(let value)?:
            if let kept, let store {
                do throws(StoreError) {
                    try kept.save(store, value, kind, scope, now)
                } catch {
                    log.cacheFailed(error)
                }
            }
            return Extra(value: value, fetchedAt: now)
        case .failure(let error)?:
            AppLog.logger.debug("\(kind): \(error.userMessage)")
            failure = (error.shortReason, error.isNetworkFailure, error)
        case nil:
            failure = (MessageText("no answer within {seconds} s", ["seconds": deadline.budget.secondsText]), true, nil)
        }
        AppLog.logger.debug("\(kind): \(failure.reason.text)")
        let reason = (failure.network ? Self.networkReasonMark : "") + Self.stored(failure.reason)
        try? store?.remember(RememberedFailure(reason: reason, until: now.addingTimeInterval(ExtraTerms.failureMemory)), kind: kind, scope: scope)
        return Extra(failure: failure.reason, networkFailure: failure.network, error: failure.error)
    }

    /// Marks a remembered failure as the network's.
    private static let networkReasonMark = "network: "

    /// A reason as the store keeps it: its message as JSON, so that the
    /// next runs say it in their reader's language.
    private static func stored(_ reason: MessageText) -> String {
        (try? JSONEncoder().encode(reason)).map { String(decoding: $0, as: UTF8.self) } ?? reason.text
    }

    /// A kept reason; one kept as plain text (by an earlier version) is said as it is.
    private static func reason(stored text: Substring) -> MessageText {
        (try? JSONDecoder().decode(MessageText.self, from: Data(text.utf8))) ?? .verbatim(String(text))
    }
}

/// How an extra is kept in the store, with its lifetime.
struct Keeping<Value: Sendable>: Sendable {
    let load: @Sendable (SQLiteStore, String, String) -> StoredExtra<Value>?
    let save: @Sendable (SQLiteStore, Value, String, String, Date) throws(StoreError) -> Void

    /// As JSON, standing until `lifetime` says.
    static func codable(lifetime: @escaping @Sendable (Value, Date) -> Date) -> Keeping where Value: Codable {
        Keeping(
            load: { store, kind, key in try? store.extra(kind, key: key, as: Value.self) },
            save: { (store, value, kind, key, fetchedAt) throws(StoreError) in
                try store.save(value, kind: kind, key: key, fetchedAt: fetchedAt, validUntil: lifetime(value, fetchedAt))
            })
    }
}

extension ForecastError {
    /// What went wrong in a few words: "HTTP 503", "127.0.0.1:9 refused the connection".
    var shortReason: MessageText {
        switch self {
        case .transport(let error, _): error.shortReason
        case .httpStatus(let status, _, _): .verbatim("HTTP \(status)")
        case .undecodable, .emptyData: MessageText("an answer that could not be read")
        case .invalidInput(let message): message
        case .fallbackFailed(let first, _, _): first.shortReason
        }
    }

    /// No answer at all, or none in time: the network's, not the service's.
    var isNetworkFailure: Bool {
        if case .fallbackFailed(let first, _, _) = self { return first.isNetworkFailure }
        guard case .transport(let error, _) = self else { return false }
        switch error {
        case .nameResolutionFailed, .connectionRefused, .connectTimedOut, .responseTimedOut, .tlsFailed, .cancelled: return true
        case .bodyTooLarge, .insecureURL, .other: return false
        }
    }
}
