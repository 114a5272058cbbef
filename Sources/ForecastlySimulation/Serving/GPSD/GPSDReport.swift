import Foundation

/// What gpsd's JSON protocol says, one object a line, written as gpsd 3.x
/// writes it (`man 5 gpsd_json`): the keys in gpsd's order, times in UTC
/// with milliseconds, so a client that reads real gpsd reads these.
enum GPSDReport {
    static let device = "/dev/simulated0"
    static let release = "3.22"

    static func version() -> String {
        #"{"class":"VERSION","release":"\#(release)","rev":"forecastly-simulate","proto_major":3,"proto_minor":14}"#
    }

    static func devices(present: Bool, activated: Date) -> String {
        #"{"class":"DEVICES","devices":[\#(present ? deviceObject(activated: activated) : "")]}"#
    }

    static func deviceObject(activated: Date) -> String {
        #"{"class":"DEVICE","path":"\#(device)","driver":"NMEA0183","activated":"\#(time(activated))","native":0,"bps":4800,"parity":"N","stopbits":1,"cycle":1.00}"#
    }

    /// A receiver unplugged: gpsd says its device with `activated` 0.
    static func deviceRemoved() -> String {
        #"{"class":"DEVICE","path":"\#(device)","activated":0}"#
    }

    static func watch(_ watch: GPSDWatch) -> String {
        #"{"class":"WATCH","enable":\#(watch.enable),"json":\#(watch.json),"nmea":\#(watch.nmea),"raw":0,"scaled":false,"timing":false,"split24":false,"pps":false}"#
    }

    /// A position report: mode 1 (no fix), 2 (latitude and longitude) or 3
    /// (with altitude), with the errors in metres gpsd estimates.
    static func tpv(_ fix: ServedFix?, at now: Date) -> String {
        guard let fix else { return #"{"class":"TPV","device":"\#(device)","mode":1,"time":"\#(time(now))"}"# }
        var fields = [#""class":"TPV""#, #""device":"\#(device)""#, #""mode":\#(fix.altitude == nil ? 2 : 3)"#,
                      #""time":"\#(time(fix.time))""#, #""ept":0.005"#,
                      #""lat":\#(number(fix.latitude, places: 9))"#, #""lon":\#(number(fix.longitude, places: 9))"#]
        if let altitude = fix.altitude {
            fields += [#""altHAE":\#(number(altitude, places: 4))"#, #""alt":\#(number(altitude, places: 4))"#]
        }
        if let accuracy = fix.accuracy {
            let axis = accuracy / 2.0.squareRoot()
            fields += [#""epx":\#(number(axis, places: 3))"#, #""epy":\#(number(axis, places: 3))"#]
            if fix.altitude != nil { fields.append(#""epv":\#(number(accuracy * 1.5, places: 3))"#) }
        }
        if let track = fix.track { fields.append(#""track":\#(number(track, places: 4))"#) }
        if let speed = fix.speed { fields.append(#""speed":\#(number(speed, places: 3))"#) }
        if let accuracy = fix.accuracy { fields.append(#""eph":\#(number(accuracy, places: 3))"#) }
        return "{" + fields.joined(separator: ",") + "}"
    }

    /// The satellites in view: `seen` of them, the first `used` used in the fix.
    static func sky(seen: Int, used: Int, at now: Date) -> String {
        let satellites = (0..<seen).map { index in
            let prn = index * 3 % 32 + 1
            return #"{"PRN":\#(prn),"el":\#(number(Double(15 + index * 7 % 70), places: 1)),"az":\#(number(Double(index * 47 % 360), places: 1)),"ss":\#(number(index < used ? 35 : 12, places: 1)),"used":\#(index < used),"gnssid":0,"svid":\#(prn)}"#
        }
        return #"{"class":"SKY","device":"\#(device)","time":"\#(time(now))","nSat":\#(seen),"uSat":\#(used),"satellites":[\#(satellites.joined(separator: ","))]}"#
    }

    static func poll(_ fix: ServedFix?, present: Bool, seen: Int, used: Int, at now: Date) -> String {
        let tpv = present ? tpv(fix, at: now) : ""
        let sky = present ? sky(seen: seen, used: used, at: now) : ""
        return #"{"class":"POLL","time":"\#(time(now))","active":\#(present ? 1 : 0),"tpv":[\#(tpv)],"sky":[\#(sky)]}"#
    }

    static func error(_ message: String) -> String {
        #"{"class":"ERROR","message":"\#(jsonString(message))"}"#
    }

    /// Text as a JSON string's contents: a client's bytes are quoted back
    /// in an ERROR, so quotes, backslashes and control characters are escaped.
    static func jsonString(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": escaped += "\\\""
            case "\\": escaped += "\\\\"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: escaped += String(format: "\\u%04x", scalar.value)
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    /// "2026-11-27T13:10:07.246Z", as gpsd writes every time.
    static func time(_ date: Date) -> String {
        let milliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
        let seconds = milliseconds / 1000
        var civil = tm()
        var raw = time_t(seconds)
        gmtime_r(&raw, &civil)
        return String(format: "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", civil.tm_year + 1900, civil.tm_mon + 1, civil.tm_mday,
                      civil.tm_hour, civil.tm_min, civil.tm_sec, Int(milliseconds % 1000))
    }

    static func number(_ value: Double, places: Int) -> String {
        String(format: "%.\(places)f", value)
    }
}

/// A position the simulated receiver reports.
struct ServedFix: Sendable, Equatable {
    var latitude: Double
    var longitude: Double
    var altitude: Double?
    /// Horizontal error, metres.
    var accuracy: Double?
    var speed: Double?
    var track: Double?
    var time: Date
}

/// What a client asked to be told (`?WATCH={…};`).
struct GPSDWatch: Sendable, Equatable {
    var enable = false
    var json = false
    var nmea = false
}
