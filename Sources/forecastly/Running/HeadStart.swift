import Dispatch
import ForecastCore
import LocationProvider
import NetworkTransport
import ForecastlyBase
import Places

/// Start-up work a forecast needs whatever the arguments say: opening the
/// store, starting the HTTP client (its event-loop thread and pool), opening
/// the place index that names every forecast's place. Begun before the
/// arguments are parsed, this work finishes on another core while the main
/// thread parses them and starts the command. Commands take
/// what they need; what none takes is dropped at exit. None of it touches the network or creates
/// the store or the index (it only opens what an earlier run made), so doing
/// it for `--help` or `notes list` costs nothing anyone can see.
enum HeadStart {
    /// One thread, in the order a run needs the results.
    private static let queue = DispatchQueue(label: "forecastly.head-start", qos: .userInitiated)

    /// The store when its file already exists; a first run creates it
    /// itself, where its errors are reported.
    private static let store = Prepared<Result<SQLiteStore, StoreError>?>(on: queue) {
        let path = Storage.path
        guard POSIXPath.exists(path) else { return nil }
        return Result { () throws(StoreError) in try SQLiteStore.open(path: path) }
    }

    /// The limits of a run without `--timeout`.
    private static let transportLimits = AsyncHTTPClientTransport.Limits()

    private static let transport = Prepared<AsyncHTTPClientTransport>(on: queue) {
        AsyncHTTPClientTransport(userAgent: Forecastly.userAgent, limits: transportLimits)
    }

    /// Only an index already built: building one is for a run that needs it.
    private static let gazetteer = Prepared<Gazetteer?>(on: queue) {
        PlaceLookup.index().openIfBuilt()
    }

    /// Starts all three. Call once, before parsing.
    static func begin() {
        _ = store
        _ = transport
        _ = gazetteer
    }

    /// The store opened ahead, or nil when there is none to take (a first
    /// run, or already taken).
    static func takeStore() -> Result<SQLiteStore, StoreError>? {
        store.take() ?? nil
    }

    /// The place index opened ahead, once; nil when it was not built yet.
    static func takeGazetteer() -> Gazetteer? {
        gazetteer.take() ?? nil
    }

    /// The transport started ahead when `limits` are the ones it was made
    /// with (a different `--timeout` needs its own), once.
    static func takeTransport(limits: AsyncHTTPClientTransport.Limits) -> AsyncHTTPClientTransport? {
        guard limits == transportLimits else { return nil }
        return transport.take()
    }
}
