import ForecastlyApp
import ForecastStore
import Foundation

/// The files the commands about them use directly: the store (`notes`,
/// `cache`) and the place index (`cities`, `about`), at this machine's
/// XDG directories.
enum LocalFiles {
    static var environment: [String: String] { ProcessInfo.processInfo.environment }

    /// The store, or an error naming the file.
    static func store() throws(StoreError) -> SQLiteStore { try StoreAccess(environment: environment).open() }

    /// The place index: the user's import, or the bundled places.
    static func places() -> PlaceBook { PlaceBook(environment: environment) }
}
