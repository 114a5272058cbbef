import Foundation
#if canImport(Glibc)
import Glibc
public import ForecastlyBase
#endif

/// Where the gazetteer comes from: the user's import under the XDG data
/// directory when there is one, else the bundled GeoNames set (places of
/// 15,000 people or more), whose index is built once into the XDG cache.
public struct PlaceIndex: Sendable {
    public static let userIndexName = "cities.idx"

    public let directories: XDGDirectories
    private let bundled: BundledGeoNames

    public init(directories: XDGDirectories, bundled: BundledGeoNames = .linked) {
        self.directories = directories
        self.bundled = bundled
    }

    public var userIndexPath: String { directories.data + "/" + Self.userIndexName }

    /// The user's index if imported, else the bundled one (built on first use).
    public func open() throws(PlaceIndexError) -> Gazetteer {
        if POSIXPath.exists(userIndexPath) {
            do { return try Gazetteer.open(path: userIndexPath) } catch { throw .open(error) }
        }
        return try openBundled()
    }

    /// The bundled places, building their index into the cache if needed.
    public func openBundled() throws(PlaceIndexError) -> Gazetteer {
        if let gazetteer = try? Gazetteer.open(path: bundledIndexPath) { return gazetteer }
        let bytes: [UInt8]
        do {
            bytes = try GazetteerIndex.build(dump: bundled.dump, named: "the bundled place list",
                                             countryInfo: bundled.countryInfo, source: "GeoNames cities15000 (bundled)")
        } catch {
            throw .bundledDataDamaged(error)
        }
        do {
            try write(bytes, to: bundledIndexPath)
        } catch {
            // Places still work, from memory; the caller says the cache could not be kept.
            do { return try Gazetteer.inMemory(bytes, path: bundledIndexPath, notKeptBecause: error.summaryMessage, status: error.exitStatus) } catch {
                throw .open(error)
            }
        }
        removeStaleCaches(keeping: bundledIndexPath)
        do { return try Gazetteer.open(path: bundledIndexPath) } catch { throw .open(error) }
    }

    /// The bundled places' index in the cache, named after the format and
    /// the data it was built from.
    private var bundledIndexPath: String {
        directories.cache + "/places-v\(GazetteerFormat.version)-\(bundled.identity).idx"
    }

    /// Builds an index from a GeoNames dump and puts it in place of the
    /// user's index in one atomic step. On any failure the old index stays.
    @discardableResult
    public func importDump(at path: String) throws(GazetteerImportError) -> Gazetteer {
        let bytes = try GazetteerIndex.build(dumpAt: path, countryInfo: bundled.countryInfo,
                                             source: "GeoNames \((path as NSString).lastPathComponent)")
        try write(bytes, to: userIndexPath)
        do { return try Gazetteer.open(path: userIndexPath) } catch {
            throw .cannotWrite(path: userIndexPath, reason: error.summaryMessage)
        }
    }

    /// Removes the user's index, so the bundled places are used again.
    public func removeImport() throws(GazetteerImportError) {
        guard FileManager.default.fileExists(atPath: userIndexPath) else { return }
        guard unlink(userIndexPath) == 0 else {
            let code = errno
            throw .cannotWrite(path: userIndexPath, reason: .verbatim(AtomicFile.errorText(code)), code: code)
        }
    }

    private func write(_ bytes: [UInt8], to path: String) throws(GazetteerImportError) {
        do { try AtomicFile.write(bytes, to: path, mode: 0o644, dropFromCache: true) } catch {
            throw .cannotWrite(path: error.path, reason: .verbatim(error.reason), code: error.code)
        }
    }

    private func removeStaleCaches(keeping path: String) {
        let name = POSIXPath.name(of: path)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directories.cache)) ?? []
        for old in names where old.hasPrefix("places-v") && old.hasSuffix(".idx") && old != name {
            unlink(directories.cache + "/" + old)
        }
    }
}

public enum PlaceIndexError: Error, Sendable, Hashable {
    case open(GazetteerOpenError)
    /// The bundled data did not build an index (a damaged build of forecastly).
    case bundledDataDamaged(GazetteerImportError)
    /// The index built from the bundled data could not be written to the cache.
    case cannotWrite(GazetteerImportError)
}

extension PlaceIndexError: UserFacingError {
    public var summaryMessage: MessageText {
        switch self {
        case .open(let error): error.summaryMessage
        case .bundledDataDamaged(let error): MessageText("The bundled place list cannot be read: {reason}", messages: ["reason": [error.summaryMessage]])
        case .cannotWrite(let error): error.summaryMessage
        }
    }

    public var adviceMessage: MessageText? {
        switch self {
        case .open(let error): error.adviceMessage
        case .bundledDataDamaged:
            MessageText("This build of forecastly is damaged: reinstall it, or import places with 'forecastly cities import FILE'.")
        case .cannotWrite(let error): error.adviceMessage
        }
    }

    public var exitStatus: ExitStatus {
        switch self {
        case .open(let error): error.exitStatus
        case .bundledDataDamaged: .dataError
        case .cannotWrite(let error): error.exitStatus
        }
    }
}

/// Parsing and building, shared by imports and the bundled set.
public enum GazetteerIndex {
    /// The bytes of an index built from the dump at `path`.
    public static func build(dumpAt path: String, countryInfo: String, source: String) throws(GazetteerImportError) -> [UInt8] {
        try build(text: GeoNamesDump.text(at: path), countryInfo: countryInfo, source: source)
    }

    /// The bytes of an index built from a dump in memory; `name` says which
    /// dump in error messages.
    public static func build(dump: [UInt8], named name: String, countryInfo: String, source: String) throws(GazetteerImportError) -> [UInt8] {
        try build(text: GeoNamesDump.text(of: dump, path: name), countryInfo: countryInfo, source: source)
    }

    private static func build(text: String, countryInfo: String, source: String) throws(GazetteerImportError) -> [UInt8] {
        let records = try GeoNamesParser.records(in: text)
        return GazetteerBuilder.build(records, countries: CountryTable(countryInfo: countryInfo), source: source)
    }
}
