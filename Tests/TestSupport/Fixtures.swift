public import Foundation

/// Files under Tests/Fixtures: real recorded responses, each folder with a
/// SOURCES.md saying where they come from.
public enum Fixtures {
    public static let directory: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent() // TestSupport
        .deletingLastPathComponent() // Tests
        .appendingPathComponent("Fixtures")

    public static func url(_ relativePath: String) -> URL {
        directory.appendingPathComponent(relativePath)
    }

    public static func data(_ relativePath: String) throws -> Data {
        try Data(contentsOf: url(relativePath))
    }

    public static func bytes(_ relativePath: String) throws -> [UInt8] {
        Array(try data(relativePath))
    }

    public static func text(_ relativePath: String) throws -> String {
        String(decoding: try data(relativePath), as: UTF8.self)
    }
}

extension Fixtures {
    /// A recording moved in time by whole hours so that its earliest UTC
    /// timestamp ("2026-02-06T20:00:00Z") falls in `now`'s hour: a run
    /// against a stub then sees an answer of the present, as a live service
    /// would send, and not one days before its clock.
    public static func moved(_ text: String, to now: Date = Date()) -> String {
        let formatter = ISO8601DateFormatter()
        let pattern = /"(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z)"/
        let times = text.matches(of: pattern).compactMap { formatter.date(from: String($0.output.1)) }
        guard let earliest = times.min() else { return text }
        let shift = (now.timeIntervalSince(earliest) / 3600).rounded(.down) * 3600
        return text.replacing(pattern) { match in
            guard let date = formatter.date(from: String(match.output.1)) else { return String(match.output.0) }
            return "\"" + formatter.string(from: date.addingTimeInterval(shift)) + "\""
        }
    }
}
