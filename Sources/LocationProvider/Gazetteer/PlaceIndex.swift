import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Where the gazetteer comes from: the user's import under the XDG data
/// directory when there is one, else the bundled GeoNames set (places of
/// 15,000 people or more), whose index is built once into the XDG cache.
public struct PlaceIndex: Sendable {
    public static let userIndexName = "cities.idx"

    public let directories: XDGDirectories
    /// The bundled dump; `nil` looks beside the running executable.
    private let bundledDumpPath: String?

    public init(directories: XDGDirectories, bundledDumpPath: String? = nil) {
        self.directories = directories
        self.bundledDumpPath = bundledDumpPath
    }

    public var userIndexPath: String { directories.data + "/" + Self.userIndexName }

    /// The user's index if imported, else the bundled one (built on first use).
    public func open() throws(PlaceIndexError) -> Gazetteer {
        if POSIXPath.exists(userIndexPath) {
            do { return try Gazetteer.open(path: userIndexPath) } catch { throw .open(error) }
        }
        return try openBundled()
    }

    /// What `open()` would give when that needs no building: the user's
    /// index, or the bundled one already built. Nil otherwise, never an
    /// error, and nothing is written: for opening ahead of need.
    public func openIfBuilt() -> Gazetteer? {
        if POSIXPath.exists(userIndexPath) { return try? Gazetteer.open(path: userIndexPath) }
        guard let (_, name) = try? bundledDump() else { return nil }
        return try? Gazetteer.open(path: directories.cache + "/" + name)
    }

    /// The bundled places, building their index into the cache if needed.
    public func openBundled() throws(PlaceIndexError) -> Gazetteer {
        let (dump, name) = try bundledDump()
        let cached = directories.cache + "/" + name
        if let gazetteer = try? Gazetteer.open(path: cached) { return gazetteer }
        do {
            let bytes = try GazetteerIndex.build(dumpAt: dump, countryInfo: BundledPlaces.countryInfo(besideDump: dump),
                                                 source: "GeoNames cities15000 (bundled)")
            try write(bytes, to: cached)
            removeStaleCaches(keeping: name)
            return try Gazetteer.open(path: cached)
        } catch let error as GazetteerImportError {
            throw .bundledDataDamaged(error)
        } catch let error as GazetteerOpenError {
            throw .open(error)
        } catch {
            throw .bundledDataMissing(dump)
        }
    }

    /// The bundled dump, and the name of its built index in the cache:
    /// named after the dump's size and time, so a new forecastly (or new
    /// data) builds a fresh one instead of trusting an old file.
    private func bundledDump() throws(PlaceIndexError) -> (path: String, indexName: String) {
        guard let dump = bundledDumpPath ?? BundledPlaces.dumpPath else { throw .bundledDataMissing(BundledPlaces.expectedDirectory) }
        var status = stat()
        guard stat(dump, &status) == 0 else { throw .bundledDataMissing(dump) }
        let name = "places-v\(GazetteerFormat.version)-\(status.st_size)-\(status.st_mtim.tv_sec).idx"
        return (dump, name)
    }

    /// Builds an index from a GeoNames dump and puts it in place of the
    /// user's index in one atomic step. On any failure the old index stays.
    @discardableResult
    public func importDump(at path: String) throws(GazetteerImportError) -> Gazetteer {
        let bytes = try GazetteerIndex.build(dumpAt: path, countryInfo: BundledPlaces.countryInfo(besideDump: bundledDumpPath ?? BundledPlaces.dumpPath),
                                             source: "GeoNames \((path as NSString).lastPathComponent)")
        try write(bytes, to: userIndexPath)
        do { return try Gazetteer.open(path: userIndexPath) } catch {
            throw .cannotWrite(path: userIndexPath, reason: error.summary)
        }
    }

    /// Removes the user's index, so the bundled places are used again.
    public func removeImport() throws(GazetteerImportError) {
        guard FileManager.default.fileExists(atPath: userIndexPath) else { return }
        guard unlink(userIndexPath) == 0 else { throw .cannotWrite(path: userIndexPath, reason: AtomicFile.errorText()) }
    }

    private func write(_ bytes: [UInt8], to path: String) throws(GazetteerImportError) {
        do { try AtomicFile.write(bytes, to: path, mode: 0o644, dropFromCache: true) } catch {
            throw .cannotWrite(path: error.path, reason: error.reason)
        }
    }

    private func removeStaleCaches(keeping name: String) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directories.cache)) ?? []
        for old in names where old.hasPrefix("places-v") && old.hasSuffix(".idx") && old != name {
            unlink(directories.cache + "/" + old)
        }
    }
}

public enum PlaceIndexError: Error, Sendable, Hashable {
    case open(GazetteerOpenError)
    case bundledDataMissing(String)
    case bundledDataDamaged(GazetteerImportError)
}

extension PlaceIndexError: UserFacingError {
    public var summary: String {
        switch self {
        case .open(let error): error.summary
        case .bundledDataMissing(let path): "The bundled place list is missing (looked for \(path))."
        case .bundledDataDamaged(let error): "The bundled place list cannot be read: \(error.summary)"
        }
    }

    public var advice: String? {
        switch self {
        case .open(let error): error.advice
        case .bundledDataMissing, .bundledDataDamaged:
            "Install forecastly together with its forecastly_LocationProvider.resources directory, or import places with 'forecastly cities import FILE'."
        }
    }

    public var exitStatus: ExitStatus {
        switch self {
        case .open(let error): error.exitStatus
        case .bundledDataMissing: .unavailable
        case .bundledDataDamaged: .dataError
        }
    }
}

/// Parsing and building, shared by imports and the bundled set.
public enum GazetteerIndex {
    /// The bytes of an index built from the dump at `path`.
    public static func build(dumpAt path: String, countryInfo: String, source: String) throws(GazetteerImportError) -> [UInt8] {
        let text = try GeoNamesDump.text(at: path)
        let records = try GeoNamesParser.records(in: text)
        return GazetteerBuilder.build(records, countries: CountryTable(countryInfo: countryInfo), source: source)
    }
}

/// The GeoNames files that ship with the LocationProvider target.
enum BundledPlaces {
    static let bundleName = "forecastly_LocationProvider.resources"
    static let dumpName = "cities15000.txt.gz"
    static let countryInfoName = "countryInfo.txt"

    /// SwiftPM copies resources into a directory beside the executable
    /// (and beside the test bundle). Looked up by hand because
    /// `Bundle.module` ends the process when the directory is missing.
    static var expectedDirectory: String {
        (POSIXPath.executableDirectory ?? POSIXPath.directory(of: CommandLine.arguments[0])) + "/" + bundleName
    }

    static var dumpPath: String? {
        let path = expectedDirectory + "/" + dumpName
        return POSIXPath.exists(path) ? path : nil
    }

    /// countryInfo.txt from the same directory as the dump; without it
    /// places still work, named by country code only.
    static func countryInfo(besideDump dump: String?) -> String {
        guard let dump else { return "" }
        let path = POSIXPath.directory(of: dump) + "/" + countryInfoName
        return FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) } ?? ""
    }
}
