import ForecastlyBase
public import ForecastCore
import Foundation
import GRDB

extension SQLiteStore: NoteStore {
    public func add(_ note: NewWeatherNote) throws(StoreError) -> WeatherNote {
        // SQLite's text ends at a NUL: a note holding one would come back cut
        // short, so it is refused whole (forecastly's own notes never hold one).
        let texts = [note.text, note.placeName, note.weather?.temperatureUnit, note.weather?.description, note.weather?.symbol,
                     note.weather?.glyph, note.weather?.provider]
        if texts.contains(where: { $0?.utf8.contains(0) == true }) {
            throw .cannotWrite(path: path, detail: MessageText("a note cannot hold a NUL character"), status: .dataError)
        }
        let id = try write(durable: true) { db in
            try db.execute(sql: """
                INSERT INTO note (createdAt, text, placeName, latitude, longitude, temperature, temperatureUnit, weatherCode, description, symbol, glyph, provider)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, arguments: [
                    note.createdAt.timeIntervalSince1970, note.text, note.placeName, note.latitude, note.longitude,
                    note.weather?.temperature, note.weather?.temperatureUnit, note.weather?.weatherCode,
                    note.weather?.description, note.weather?.symbol, note.weather?.glyph, note.weather?.provider,
                ])
            return db.lastInsertedRowID
        }
        return WeatherNote(id: id, content: note)
    }

    public func notes(limit: Int?) throws(StoreError) -> [WeatherNote] {
        try read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM note ORDER BY createdAt DESC, id DESC LIMIT ?", arguments: [limit ?? -1])
                .map(Self.note)
        }
    }

    public func note(id: Int64) throws(StoreError) -> WeatherNote? {
        try read { db in try Row.fetchOne(db, sql: "SELECT * FROM note WHERE id = ?", arguments: [id]).map(Self.note) }
    }

    public func deleteNote(id: Int64) throws(StoreError) -> Bool {
        try write(durable: true) { db in
            try db.execute(sql: "DELETE FROM note WHERE id = ?", arguments: [id])
            return db.changesCount > 0
        }
    }

    private static func note(_ row: Row) -> WeatherNote {
        let unit: String? = row["temperatureUnit"]
        let provider: String? = row["provider"]
        return WeatherNote(id: row["id"], content: NewWeatherNote(
            createdAt: Date(timeIntervalSince1970: row["createdAt"]), text: row["text"],
            placeName: row["placeName"], latitude: row["latitude"], longitude: row["longitude"],
            weather: unit.map { unit in
                WeatherNote.Weather(temperature: row["temperature"], temperatureUnit: unit, weatherCode: row["weatherCode"],
                                    description: row["description"], symbol: row["symbol"], glyph: row["glyph"],
                                    provider: provider)
            }))
    }
}
