import ForecastCore
import ForecastlyBase
import ForecastStore
import Foundation
import Places

/// An extra beside the forecast (the air, the next two hours, the
/// warnings), or why not: a failure is a note, and the forecast is shown
/// all the same.
struct Extra<Value: Sendable>: Sendable {
    var value: Value?
    var note: AppNote?
    var error: ForecastError?
}

/// The answers of every extra asked for one place.
struct ExtraAnswers: Sendable {
    var air = Extra<AirQuality>()
    var nowcast = Extra<Nowcast>()
    var alerts = Extra<PlaceAlerts>()

    var notes: [AppNote] { [alerts.note, nowcast.note, air.note].compactMap { $0 } }

    /// As shown: the air on the index asked for, else the place's region's.
    func shown(_ wanted: ExtrasWanted, timeZone: TimeZone) -> ForecastExtras {
        ForecastExtras(
            airQuality: air.value, airQualityScale: wanted.airQualityScale ?? AirQualityScale.forPlace(timeZone: timeZone.identifier),
            nowcast: nowcast.value, alerts: alerts.value)
    }
}

extension Application {
    /// Asks every extra wanted for the point, all at once.
    func extras(
        _ wanted: ExtrasWanted, at coordinate: Coordinate, entry: GazetteerPlace?, services: Services, store: SQLiteStore?
    ) async -> ExtraAnswers {
        guard wanted.any else { return ExtraAnswers() }
        let places = context.places
        async let air = extra(wanted.airQuality, "No air quality") { () async throws(ForecastError) in
            try await services.airQuality().airQuality(at: coordinate)
        }
        async let nowcast = extra(wanted.nowcast, "No rain for the next 2 hours") { () async throws(ForecastError) in
            try await services.nowcast().nowcast(at: coordinate)
        }
        async let alerts = extra(wanted.alerts, "No weather warnings") { () async throws(ForecastError) in
            try await services.alerts(store: store).alerts(for: places.alertPlace(at: coordinate, entry: entry), now: context.now())
        }
        return ExtraAnswers(air: await air, nowcast: await nowcast, alerts: await alerts)
    }

    /// Asks for an extra when it is `wanted`; a failure becomes the note "`what`: why".
    private func extra<Value: Sendable>(
        _ wanted: Bool, _ what: String, _ fetch: () async throws(ForecastError) -> Value
    ) async -> Extra<Value> {
        guard wanted else { return Extra() }
        do throws(ForecastError) {
            return Extra(value: try await fetch())
        } catch {
            return Extra(note: .note("\(what): \(error.userMessage)"), error: error)
        }
    }
}
