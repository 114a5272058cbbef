import CDBus
import ForecastlyBase

/// sd-bus (libsystemd), loaded the first time a GeoClue source is used, not
/// linked (see `Sources/CDBus/shim.h` for why and for how it is loaded).
enum GeoClueLibrary {
    static func calls() throws(LocationError) -> SDBus {
        var reason = [CChar](repeating: 0, count: 256)
        guard let table = forecastly_sdbus_calls(&reason, reason.count) else {
            let text = String(decoding: reason.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw .geoclueUnavailable(reason: MessageText("sd-bus could not be loaded ({reason})", ["reason": text]))
        }
        return SDBus(table: table)
    }
}

/// sd-bus's calls, as loaded: written once, then only read; never freed,
/// as the library is never unloaded.
struct SDBus: @unchecked Sendable {
    let table: UnsafePointer<forecastly_sdbus>
}
