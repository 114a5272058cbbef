import CGPS
import Synchronization

/// The libgps this binary was built against, and loading it.
///
/// libgps is opened the first time a gpsd source is used, not linked (see
/// `Sources/CGPS/shim.h` for why). The file tried first is the soname known
/// for the header's API version; then `libgps.so`, the link the development
/// package installs beside that header, which every machine that built
/// forecastly has.
public enum GPSDLibrary {
    /// For `forecastly about` and bug reports: gpsd's client API changed
    /// shape several times.
    public static var apiVersion: String {
        "\(forecastly_gps_api_major()).\(forecastly_gps_api_minor())"
    }

    /// The files tried, in order.
    public static var candidates: [String] {
        (forecastly_libgps_soname().map { [String(cString: $0)] } ?? []) + ["libgps.so"]
    }

    /// libgps's calls, loaded on first use and kept. A failure is not kept:
    /// a watch that retries finds a library installed meanwhile.
    static func calls() throws(LocationError) -> LibGPS {
        try loaded.withLock { loaded throws(LocationError) in
            if let loaded { return loaded }
            let calls = try load(from: candidates).get()
            loaded = calls
            return calls
        }
    }

    private static let loaded = Mutex<LibGPS?>(nil)

    /// The first of `files` that loads, or why none did (the first file's
    /// reason: the one a person would install).
    static func load(from files: [String]) -> Result<LibGPS, LocationError> {
        let table = UnsafeMutablePointer<forecastly_libgps>.allocate(capacity: 1)
        var firstReason: String?
        for file in files {
            guard let reason = forecastly_libgps_load(file, table) else { return .success(LibGPS(table: table)) }
            firstReason = firstReason ?? String(cString: reason)
        }
        table.deallocate()
        return .failure(.libgpsMissing(tried: files, reason: firstReason ?? "no file to try"))
    }
}

/// libgps's calls, as loaded. The table is written once, before this is
/// made, and only read afterwards; it is never freed, as the library is never
/// unloaded.
struct LibGPS: @unchecked Sendable {
    let table: UnsafeMutablePointer<forecastly_libgps>
}
