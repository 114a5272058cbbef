import Foundation

/// What one line from gpsd says, as the gpsd backend acts on it.
enum GPSDMessage: Equatable {
    case version
    case position(mode: Int, latitude: Double, longitude: Double, accuracy: Double?, altitude: Double?)
    case noFix(mode: Int)
    case sky(visible: Int, used: Int)
    case devices(count: Int)
    case deviceAdded
    case deviceRemoved
    case error(String)
    case closed
    case other
}

/// One line of gpsd's JSON (gpsd_json(5)), read by forecastly rather than
/// by libgps: libgps 3.22's reader spins for ever on lines gpsd may send (a
/// list of more than four devices) and on lines a broken peer sends (a
/// value of an unexpected type, an object nested where none belongs), both
/// found by fuzzing (Tests/Fixtures/fuzz). Any line that is not exactly one
/// JSON object with a class is no message of gpsd's.
struct GPSDLine {
    let className: String
    private let object: [String: Any]

    init?(_ bytes: ArraySlice<UInt8>) {
        guard let object = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any] else { return nil }
        self.init(object: object)
    }

    private init?(object: [String: Any]) {
        guard let className = object["class"] as? String else { return nil }
        self.className = className
        self.object = object
    }

    /// What the line says, in order. One message, except for gpsd's answer
    /// to ?POLL, which holds the last sky view and fix of each active
    /// device: the first device's sky, then its position when it has a fix.
    var messages: [GPSDMessage] {
        guard className == "POLL" else { return [message] }
        let sky = (object["sky"] as? [[String: Any]])?.lazy.compactMap { GPSDLine(object: $0) }.first { $0.className == "SKY" }
        let fix = (object["tpv"] as? [[String: Any]])?.lazy.compactMap { GPSDLine(object: $0) }
            .map(\.message).first { if case .position = $0 { true } else { false } }
        return [sky?.message, fix].compactMap { $0 }
    }

    var message: GPSDMessage {
        switch className {
        case "VERSION": .version
        case "TPV": position
        case "SKY": sky
        case "DEVICES": .devices(count: (object["devices"] as? [Any])?.count ?? 0)
        // gpsd announces a removed device with "activated":0, an added one with its time.
        case "DEVICE": number("activated") == 0 ? .deviceRemoved : .deviceAdded
        case "ERROR": .error(object["message"] as? String ?? "")
        default: .other
        }
    }

    /// A fix is mode 2 (2D) or 3 (3D) with both coordinates. `status` says
    /// nothing here: gpsd sends it only for DGPS and better (LIBGPS-NOTES §1).
    private var position: GPSDMessage {
        let mode = number("mode").flatMap { Int(exactly: $0) } ?? 0
        guard mode >= 2, let latitude = number("lat"), let longitude = number("lon") else { return .noFix(mode: mode) }
        return .position(mode: mode, latitude: latitude, longitude: longitude,
                         accuracy: horizontalError, altitude: number("altHAE") ?? number("alt"))
    }

    /// eph when gpsd gives it; otherwise the combined epx/epy (both 95%).
    private var horizontalError: Double? {
        if let eph = number("eph") { return eph }
        guard let x = number("epx"), let y = number("epy") else { return nil }
        return (x * x + y * y).squareRoot()
    }

    /// gpsd counts satellites seen and used (nSat, uSat) from 3.22 on; older
    /// releases only list them.
    private var sky: GPSDMessage {
        let satellites = object["satellites"] as? [[String: Any]] ?? []
        let seen = number("nSat").flatMap { Int(exactly: $0) } ?? satellites.count
        let used = number("uSat").flatMap { Int(exactly: $0) } ?? satellites.filter { $0["used"] as? Bool == true }.count
        return .sky(visible: seen, used: used)
    }

    /// A JSON number; nil for anything else. JSONSerialization gives true
    /// and false as numbers too, told apart only by their C type ("c").
    private func number(_ key: String) -> Double? {
        guard let number = object[key] as? NSNumber, String(cString: number.objCType) != "c" else { return nil }
        return number.doubleValue
    }
}
