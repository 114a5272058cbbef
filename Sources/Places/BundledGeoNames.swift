import BundledPlaces
import ForecastlyBase
import Foundation

/// The GeoNames data a place index is built from when the user imported
/// none: by default the data compiled into the binary (the BundledPlaces
/// target), so a forecastly copied anywhere on its own finds every place.
public struct BundledGeoNames: Sendable {
    private enum Source: Sendable {
        case linked
        case memory(dump: [UInt8], countryInfo: String)
    }

    private let source: Source

    /// The data linked into this binary.
    public static let linked = BundledGeoNames(source: .linked)

    /// Other data: a GeoNames dump (text, gzip or zip) and GeoNames'
    /// countryInfo.txt (empty names countries by code only).
    public init(dump: [UInt8], countryInfo: String) {
        source = .memory(dump: dump, countryInfo: countryInfo)
    }

    /// Other data read from files: a GeoNames dump and GeoNames'
    /// countryInfo.txt, by default the one beside the dump (none is no error).
    public init(dumpAt path: String, countryInfoAt countryInfoPath: String? = nil) throws(GazetteerImportError) {
        let dump: [UInt8]
        do throws(InputFile.Failure) {
            dump = try InputFile.bytes(at: path, limit: GeoNamesDump.maximumSize)
        } catch {
            throw .unreadable(path: path, reason: error.reason)
        }
        let countryInfo = FileManager.default.contents(atPath: countryInfoPath ?? POSIXPath.directory(of: path) + "/countryInfo.txt")
        self.init(dump: dump, countryInfo: countryInfo.map { String(decoding: $0, as: UTF8.self) } ?? "")
    }

    private init(source: Source) { self.source = source }

    /// The dump's bytes, copied for building an index (rarely: once per new data).
    var dump: [UInt8] {
        switch source {
        case .linked: Array(Self.linkedCities)
        case .memory(let dump, _): dump
        }
    }

    var countryInfo: String {
        switch source {
        case .linked: String(decoding: Self.linkedCountryInfo, as: UTF8.self)
        case .memory(_, let countryInfo): countryInfo
        }
    }

    /// Names the index built from this data in the cache, so new data (a new
    /// forecastly) builds a new index instead of trusting an old one: the
    /// size and the last eight bytes (for gzip, the CRC-32 and length).
    /// Read in place: a run that only opens the built index copies nothing.
    var identity: String {
        func identity(_ bytes: some Collection<UInt8>) -> String {
            let tail = bytes.suffix(8).map { byte in
                let hex = String(byte, radix: 16)
                return hex.count == 1 ? "0" + hex : hex
            }
            return "\(bytes.count)-\(tail.joined())"
        }
        return switch source {
        case .linked: identity(Self.linkedCities)
        case .memory(let dump, _): identity(dump)
        }
    }

    private static var linkedCities: UnsafeBufferPointer<UInt8> {
        var size = 0
        let start = forecastly_bundled_cities(&size)
        return UnsafeBufferPointer(start: start, count: size)
    }

    private static var linkedCountryInfo: UnsafeBufferPointer<UInt8> {
        var size = 0
        let start = forecastly_bundled_country_info(&size)
        return UnsafeBufferPointer(start: start, count: size)
    }
}
