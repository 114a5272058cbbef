public import ForecastCore
public import ForecastlyBase
public import ForecastStore
import Foundation
import LocationProvider

extension Application {
    /// Saves a note with the weather of the moment at the place (today's
    /// weather in metric units: notes keep °C whatever the display). If the
    /// weather cannot be had, nothing is saved; `withoutWeather` saves the
    /// note alone, at the place when it is known without the network.
    public func addNote(
        _ text: String, at choice: PlaceChoice, withoutWeather: Bool, service: ServiceSettings, cache: CachePolicy,
        progress: @escaping ProgressReporter = { _ in }
    ) async throws -> (note: WeatherNote, notes: [AppNote]) {
        let store = try context.store.open()
        var note = NewWeatherNote(createdAt: context.now(), text: text, placeName: nil, latitude: nil, longitude: nil, weather: nil)
        var notes: [AppNote] = []
        if withoutWeather {
            let finder = PlaceFinder(application: self, choice: choice, log: NoteLog())
            if let place = finder.offline() {
                (note.latitude, note.longitude) = (place.coordinate.latitude, place.coordinate.longitude)
                note.placeName = context.places.name(given: place.name, at: place.coordinate)
            }
        } else {
            let settings = ForecastSettings(place: choice, days: 1, service: service, cache: cache)
            do {
                let answer = try await forecast(settings, progress: progress)
                notes = answer.notes
                // A stale forecast is not "the weather at that moment", nor one far from the clock.
                if let (error, _) = answer.staleness { throw error }
                if let outdated = OutdatedNote.note(for: answer.forecast, now: context.now()) {
                    notes.removeAll { $0 == outdated }
                    throw NotNow(summaryMessage: outdated.message)
                }
                note.placeName = answer.placeName
                // The point asked about: a stored forecast may be for a nearby point of its cell.
                note.latitude = answer.coordinate.latitude
                note.longitude = answer.coordinate.longitude
                note.weather = WeatherNote.Weather(answer.forecast)
            } catch let failed as FailedRun {
                throw FailedRun(NoteNotSaved(reason: failed.error as? any UserFacingError ?? failed), notes: failed.notes)
            } catch let error as NotNow {
                throw FailedRun(NoteNotSaved(reason: error), notes: notes)
            } catch let error as any UserFacingError {
                throw NoteNotSaved(reason: error)
            }
        }
        return (try store.add(note), notes)
    }

    /// The notes, newest first.
    public func notes(limit: Int?) throws(StoreError) -> [WeatherNote] { try context.store.open().notes(limit: limit) }

    public func note(id: Int64) throws -> WeatherNote {
        guard let note = try context.store.open().note(id: id) else { throw NoSuchNote(id: id) }
        return note
    }

    public func deleteNote(id: Int64) throws {
        guard try context.store.open().deleteNote(id: id) else { throw NoSuchNote(id: id) }
    }
}

/// The weather could not be fetched, so the note was not saved.
public struct NoteNotSaved: UserFacingError {
    public var reason: any UserFacingError
    public var summaryMessage: MessageText { MessageText("The note was not saved: {reason}", messages: ["reason": [reason.summaryMessage]]) }
    public var adviceMessage: MessageText? {
        // Not located for want of permission: naming the place is the way on.
        if reason.exitStatus == .noPermission, reason is LocationError {
            return MessageText("Give the place with --city or --lat/--lon, or save the note with --without-weather.")
        }
        return MessageText("Try again, or save it with --without-weather.")
    }
    public var exitStatus: ExitStatus { reason.exitStatus }
}

/// The forecast describes a time far from the machine's clock: the
/// answer or the clock is wrong, and neither is the weather of the moment.
struct NotNow: UserFacingError {
    var summaryMessage: MessageText
    var adviceMessage: MessageText? { nil }
    var exitStatus: ExitStatus { .temporaryFailure }
}

public struct NoSuchNote: UserFacingError {
    public var id: Int64

    public init(id: Int64) { self.id = id }

    public var summaryMessage: MessageText { MessageText("There is no note {number}.", ["number": "\(id)"]) }
    public var adviceMessage: MessageText? { MessageText("See the numbers with 'forecastly notes list'.") }
    public var exitStatus: ExitStatus { .usage }
}
