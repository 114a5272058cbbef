import CDBus
import Synchronization

/// sd-bus (libsystemd), loaded the first time a GeoClue source is used, not
/// linked (see `Sources/CDBus/shim.h` for why). A failure is not kept: a
/// watch that retries finds a library installed meanwhile.
enum GeoClueLibrary {
    static let candidates = ["libsystemd.so.0", "libsystemd.so"]

    static func calls() throws(LocationError) -> SDBus {
        try loaded.withLock { loaded throws(LocationError) in
            if let loaded { return loaded }
            let table = UnsafeMutablePointer<forecastly_sdbus>.allocate(capacity: 1)
            var firstReason: String?
            for file in candidates {
                guard let reason = forecastly_sdbus_load(file, table) else {
                    let calls = SDBus(table: table)
                    loaded = calls
                    return calls
                }
                firstReason = firstReason ?? String(cString: reason)
            }
            table.deallocate()
            throw .geoclueUnavailable(reason: "sd-bus could not be loaded (\(firstReason ?? "no file to try"))")
        }
    }

    private static let loaded = Mutex<SDBus?>(nil)
}

/// sd-bus's calls, as loaded: written once, then only read; never freed,
/// as the library is never unloaded.
struct SDBus: @unchecked Sendable {
    let table: UnsafeMutablePointer<forecastly_sdbus>
}
