package import Foundation

/// Named time zones ("Europe/Kyiv") come from ICU, implemented in
/// FoundationInternationalization. In a statically linked binary the linker
/// keeps that implementation only if something references its object file;
/// without it `TimeZone(identifier:)` returns nil for every name and all
/// times fall back to a fixed offset, wrong after a DST change.
/// `dataVersion` lives in that object file, and `forecastly about` shows it
/// (correct DST also needs current tz data), which keeps it linked.
public enum TimeZoneSupport {
    /// The IANA tz database release ICU carries, e.g. "2025b".
    public static var dataVersion: String { TimeZone.timeZoneDataVersion }

    /// The place's zone by IANA name, or a fixed offset when the name is
    /// unknown (the output then shows "GMT+0200" instead of a name).
    package static func zone(identifier: String, fallbackOffset: Int) -> TimeZone {
        TimeZone(identifier: identifier) ?? TimeZone(secondsFromGMT: fallbackOffset) ?? .gmt
    }
}
