public import ForecastlyLocalization
public import Foundation

/// What the commands that look after forecastly's files answer: `cache
/// status|clear` and `cities import|status|reset`, in the user's language.
/// Counts stand after a label or a colon, so no language needs a plural form.
public enum StorageText {
    public static func cacheStatus(
        path: String, forecasts: Int, places: Int, newest: Date?, oldest: Date?, notes: Int, now: Date, words: Words = .english, width: Int? = nil
    ) -> String {
        func age(_ date: Date?) -> String { date.map { words("{age} ago", ["age": words.age(now.timeIntervalSince($0))]) } ?? "–" }
        return LabelledLines.render([
            (words("Database"), path), (words("Forecasts"), "\(forecasts)"), (words("Places"), "\(places)"),
            (words("Newest"), age(newest)), (words("Oldest"), age(oldest)),
            (words("Notes"), words("{count} (kept by 'cache clear')", ["count": "\(notes)"])),
        ], width: width)
    }

    public static func cacheCleared(_ count: Int, words: Words = .english) -> String {
        words("Stored forecasts removed: {count}.", ["count": "\(count)"]) + "\n"
    }

    public static func placesImported(count: Int, path: String, mebibytes: Int, seconds: Double, words: Words = .english) -> String {
        words("Places imported: {count}, into {path} ({size} MiB) in {seconds} s.",
              ["count": words.grouped(count), "path": path, "size": "\(mebibytes)", "seconds": words.number(ValueFormat.decimal(seconds, places: 1))]) + "\n"
    }

    public static func placesStatus(count: Int, source: String, path: String, words: Words = .english, width: Int? = nil) -> String {
        LabelledLines.render([
            (words("Places"), words("{count} from {source}", ["count": words.grouped(count), "source": source])),
            (words("Index"), path), (words("Data"), "GeoNames (https://www.geonames.org/), CC BY 4.0"),
        ], width: width)
    }

    public static func bundledPlaces(words: Words = .english) -> String {
        words("Using the bundled places (GeoNames, 15,000 people or more).") + "\n"
    }
}
