public import ForecastlyBase
public import Foundation
import CXML
import Synchronization

/// A route to replay: timed positions from a GPX track (`trkpt` with
/// `time`) or an NMEA receiver log (RMC sentences with a valid fix), so
/// that watch mode's "moved more than 3 km" refresh, and any program's
/// location tests, can drive a route.
public struct Track: Sendable, Equatable {
    public struct Point: Sendable, Equatable {
        public var time: Date
        public var coordinate: Coordinate
        public var accuracy: Double?

        public init(time: Date, coordinate: Coordinate, accuracy: Double? = nil) {
            self.time = time
            self.coordinate = coordinate
            self.accuracy = accuracy
        }
    }

    public var points: [Point]

    public init(points: [Point]) { self.points = points }

    /// GPX when the text starts like XML, else an NMEA log.
    public static func read(from url: URL) throws(TrackError) -> Track {
        let data: Data
        do throws(InputFile.Failure) {
            data = Data(try InputFile.bytes(at: url.path, limit: 256 << 20))
        } catch {
            throw TrackError(path: url.path, detail: MessageText("it cannot be read ({reason})", messages: ["reason": [error.reason]]), unreadable: true)
        }
        let track: Track
        if data.first(where: { ![0x20, 0x0A, 0x0D, 0x09, 0xEF, 0xBB, 0xBF].contains($0) }) == UInt8(ascii: "<") {
            track = try gpx(data, path: url.path)
        } else {
            track = nmea(String(decoding: data, as: UTF8.self))
        }
        guard track.points.count >= 1 else { throw TrackError(path: url.path, detail: MessageText("it has no timed positions")) }
        guard zip(track.points, track.points.dropFirst()).allSatisfy({ $0.time <= $1.time }) else {
            throw TrackError(path: url.path, detail: MessageText("its times go backwards"))
        }
        return track
    }

    // MARK: GPX

    static func gpx(_ data: Data, path: String) throws(TrackError) -> Track {
        // GPX is UTF-8 by its specification.
        guard String(validating: data, as: UTF8.self) != nil else {
            throw TrackError(path: path, detail: MessageText("it is not UTF-8 text, as GPX must be"))
        }
        let xml = try GPXLibrary.load(path: path)
        guard data.count < Int(Int32.max) else { throw TrackError(path: path, detail: MessageText("it is too large")) }
        let reader = data.withUnsafeBytes { bytes in
            xml.reader_for_memory(bytes.baseAddress?.assumingMemoryBound(to: CChar.self), Int32(bytes.count), nil, "UTF-8", forecastly_xml_options)
        }
        guard let reader else { throw TrackError(path: path, detail: MessageText("it is not well-formed GPX")) }
        defer { xml.free_reader(reader) }
        // The text of libxml2's reader lives until its next step: copied at once.
        func text(_ pointer: UnsafePointer<UInt8>?) -> String? { pointer.map { String(cString: $0) } }
        var points: [Point] = []
        var pending: (latitude: Double, longitude: Double, time: Date?)?
        var timeText: String?
        let dates = ISO8601DateFormatter()
        func line() -> Int32 { xml.line_number(reader) }
        func endPoint() throws(TrackError) {
            defer { pending = nil }
            guard let point = pending, let time = point.time else {
                throw TrackError(path: path, detail: MessageText("a trkpt without a time (line {line})", ["line": "\(line())"]))
            }
            guard let coordinate = try? Coordinate(latitude: point.latitude, longitude: point.longitude) else {
                throw TrackError(path: path, detail: MessageText("a trkpt outside the globe (line {line})", ["line": "\(line())"]))
            }
            points.append(Point(time: time, coordinate: coordinate))
        }
        while true {
            let step = xml.read(reader)
            if step == 0 { break }
            guard step == 1 else { throw TrackError(path: path, detail: MessageText("it is not well-formed GPX (line {line})", ["line": "\(line())"])) }
            let name = text(xml.const_local_name(reader)) ?? ""
            switch xml.node_type(reader) {
            case Int32(FORECASTLY_XML_ELEMENT) where name == "trkpt":
                func attribute(_ name: String) -> Double? {
                    guard xml.move_to_attribute(reader, name) == 1 else { return nil }
                    defer { _ = xml.move_to_element(reader) }
                    return text(xml.const_value(reader)).flatMap(Double.init)
                }
                guard let latitude = attribute("lat"), let longitude = attribute("lon") else {
                    throw TrackError(path: path, detail: MessageText("a trkpt without numeric lat and lon (line {line})", ["line": "\(line())"]))
                }
                pending = (latitude, longitude, nil)
                if xml.is_empty_element(reader) == 1 { try endPoint() }
            case Int32(FORECASTLY_XML_ELEMENT) where name == "time" && pending != nil:
                timeText = ""
            case Int32(FORECASTLY_XML_TEXT), Int32(FORECASTLY_XML_CDATA):
                if timeText != nil { timeText! += text(xml.const_value(reader)) ?? "" }
            case Int32(FORECASTLY_XML_END_ELEMENT) where name == "time" && timeText != nil:
                let stamp = timeText!.trimmingCharacters(in: .whitespacesAndNewlines)
                timeText = nil
                dates.formatOptions = stamp.contains(".") ? [.withInternetDateTime, .withFractionalSeconds] : [.withInternetDateTime]
                guard let time = dates.date(from: stamp) else {
                    throw TrackError(path: path, detail: MessageText("a trkpt time that is not ISO 8601 (line {line})", ["line": "\(line())"]))
                }
                pending?.time = time
            case Int32(FORECASTLY_XML_END_ELEMENT) where name == "trkpt":
                try endPoint()
            default:
                break
            }
        }
        return Track(points: points)
    }

    // MARK: NMEA

    /// The RMC sentences with status A and a good checksum; everything else
    /// (other sentences, "no fix" placeholders, damaged lines) is skipped,
    /// as a receiver's log has all of those.
    public static func nmea(_ text: String) -> Track {
        var points: [Point] = []
        for line in text.split(whereSeparator: \.isNewline) {
            guard let fields = checkedFields(line), fields.count >= 10, fields[0].hasSuffix("RMC"), fields[2] == "A",
                  let latitude = degrees(fields[3], hemisphere: fields[4], width: 2),
                  let longitude = degrees(fields[5], hemisphere: fields[6], width: 3),
                  let time = instant(time: fields[1], date: fields[9]),
                  let coordinate = try? Coordinate(latitude: latitude, longitude: longitude) else { continue }
            points.append(Point(time: time, coordinate: coordinate))
        }
        return Track(points: points)
    }

    /// The fields of a sentence whose checksum (when it has one) is right.
    static func checkedFields(_ line: Substring) -> [Substring]? {
        guard let dollar = line.firstIndex(of: "$") else { return nil }
        var body = line[line.index(after: dollar)...]
        if let star = body.firstIndex(of: "*") {
            let given = body[body.index(after: star)...].prefix(2)
            body = body[..<star]
            let sum = body.utf8.reduce(UInt8(0), ^)
            guard let expected = UInt8(given, radix: 16), expected == sum else { return nil }
        }
        return body.split(separator: ",", omittingEmptySubsequences: false)
    }

    /// "4807.038" with "N": 48° 7.038' = 48.1173°.
    static func degrees(_ text: Substring, hemisphere: Substring, width: Int) -> Double? {
        guard text.count > width, let whole = Double(text.prefix(width)), let minutes = Double(text.dropFirst(width)), minutes < 60 else { return nil }
        let value = whole + minutes / 60
        switch hemisphere {
        case "N", "E": return value
        case "S", "W": return -value
        default: return nil
        }
    }

    /// RMC's "hhmmss.sss" and "ddmmyy" (years 1980…2079) as an instant.
    static func instant(time: Substring, date: Substring) -> Date? {
        guard time.count >= 6, date.count == 6, let hour = Int(time.prefix(2)), let minute = Int(time.dropFirst(2).prefix(2)),
              let second = Double(time.dropFirst(4)), let day = Int(date.prefix(2)), let month = Int(date.dropFirst(2).prefix(2)),
              let year = Int(date.suffix(2)), hour < 24, minute < 60, second < 61 else { return nil }
        var parts = DateComponents()
        parts.timeZone = TimeZone(identifier: "UTC")
        (parts.year, parts.month, parts.day, parts.hour, parts.minute) = (year < 80 ? 2000 + year : 1900 + year, month, day, hour, minute)
        guard (1...12).contains(month), (1...31).contains(day), let base = Calendar(identifier: .gregorian).date(from: parts) else { return nil }
        return base.addingTimeInterval(second)
    }
}

/// Why a track file cannot be replayed: a path that cannot be read is a
/// usage mistake (64), a file that is no track is bad data (65), as for
/// every file forecastly reads.
public struct TrackError: Error, Sendable, CustomStringConvertible, UserFacingError {
    public let path: String
    public let detail: MessageText
    public let unreadable: Bool

    init(path: String, detail: MessageText, unreadable: Bool = false) {
        self.path = path
        self.detail = detail
        self.unreadable = unreadable
    }

    public var description: String { summary }
    public var summaryMessage: MessageText { MessageText("The track {path} cannot be replayed: {detail}.", ["path": path], messages: ["detail": [detail]]) }
    public var adviceMessage: MessageText? {
        unreadable ? MessageText("Check the path.") : MessageText("Give a GPX file with timed track points, or an NMEA log with RMC sentences.")
    }
    public var exitStatus: ExitStatus { unreadable ? .usage : .dataError }
}

extension SimulatedLocationProvider {
    /// Replays `track`: each position when its time comes, `speed` times
    /// faster than it was recorded (on `clock`, so a test need not wait).
    public init(track: Track, speed: Double = 1, clock: any Clock<Duration> = ContinuousClock()) {
        var script: [Step] = []
        for (index, point) in track.points.enumerated() {
            if index > 0 {
                let gap = point.time.timeIntervalSince(track.points[index - 1].time) / max(speed, 0.001)
                script.append(.wait(.milliseconds(Int64(gap * 1000))))
            }
            script.append(.fix(point.coordinate, accuracy: point.accuracy))
        }
        self.init(kind: .gpsd, script: script, clock: clock)
    }
}

/// libxml2, loaded when a GPX file is first read and kept; a failure is
/// not kept (a library installed meanwhile is found).
enum GPXLibrary {
    private static let loaded = Mutex<XMLCalls?>(nil)

    static func load(path: String) throws(TrackError) -> forecastly_xml {
        try loaded.withLock { loaded throws(TrackError) in
            if let loaded { return loaded.table.pointee }
            let table = UnsafeMutablePointer<forecastly_xml>.allocate(capacity: 1)
            if let reason = forecastly_xml_load(table) {
                let text = String(cString: reason)
                table.deallocate()
                throw TrackError(path: path, detail: MessageText("reading GPX needs libxml2 (package libxml2), which could not be loaded: {reason}", ["reason": text]))
            }
            loaded = XMLCalls(table: table)
            return table.pointee
        }
    }
}

/// libxml2's calls, as loaded: written once, then only read; never freed,
/// as the library is never unloaded.
struct XMLCalls: @unchecked Sendable {
    let table: UnsafeMutablePointer<forecastly_xml>
}
