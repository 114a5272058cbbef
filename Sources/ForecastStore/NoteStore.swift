public import ForecastCore

/// Where notes are kept.
public protocol NoteStore: Sendable {
    func add(_ note: NewWeatherNote) throws(StoreError) -> WeatherNote
    /// Newest first; `limit` nil for all.
    func notes(limit: Int?) throws(StoreError) -> [WeatherNote]
    func note(id: Int64) throws(StoreError) -> WeatherNote?
    /// Whether a note with that id existed.
    func deleteNote(id: Int64) throws(StoreError) -> Bool
}
