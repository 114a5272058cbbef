import Foundation

/// A client's request in gpsd's protocol: `?NAME;` or `?NAME={json};`
/// (libgps sends no newline; gpspipe and people at a terminal do).
enum GPSDRequest: Sendable, Equatable {
    case watch(GPSDWatchChange?)
    case poll
    case devices
    case version
    /// Something that is no request: gpsd answers with an ERROR object.
    case unrecognized(String)

    /// The requests in `bytes` (whole ones, ended by `;` or a newline), and
    /// what is left for the next read.
    static func split(_ bytes: [UInt8]) -> (requests: [GPSDRequest], rest: [UInt8]) {
        var requests: [GPSDRequest] = []
        var start = 0
        var depth = 0
        for (index, byte) in bytes.enumerated() {
            switch byte {
            case UInt8(ascii: "{"): depth += 1
            case UInt8(ascii: "}"): depth = max(0, depth - 1)
            case UInt8(ascii: ";") where depth == 0, UInt8(ascii: "\n"):
                let text = String(decoding: bytes[start..<index], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
                if !text.isEmpty { requests.append(parse(text)) }
                start = index + 1
                depth = 0
            default: break
            }
        }
        return (requests, Array(bytes[start...]))
    }

    static func parse(_ text: String) -> GPSDRequest {
        guard text.hasPrefix("?") else { return .unrecognized(text) }
        let body = text.dropFirst()
        let name = body.prefix { $0.isLetter }.uppercased()
        let argument = body.dropFirst(name.count)
        switch name {
        case "WATCH" where argument.isEmpty: return .watch(nil)
        case "WATCH" where argument.hasPrefix("="):
            guard let change = GPSDWatchChange(json: String(argument.dropFirst())) else { return .unrecognized(text) }
            return .watch(change)
        case "POLL" where argument.isEmpty: return .poll
        case "DEVICES" where argument.isEmpty: return .devices
        case "VERSION" where argument.isEmpty: return .version
        default: return .unrecognized(text)
        }
    }
}

/// The fields a `?WATCH={…}` sets; those it leaves out keep their value.
struct GPSDWatchChange: Sendable, Equatable {
    var enable: Bool?
    var json: Bool?
    var nmea: Bool?

    init(enable: Bool? = nil, json: Bool? = nil, nmea: Bool? = nil) {
        self.enable = enable
        self.json = json
        self.nmea = nmea
    }

    init?(json text: String) {
        guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else { return nil }
        func flag(_ key: String) -> Bool? { (object[key] as? NSNumber).map(\.boolValue) }
        self.init(enable: flag("enable"), json: flag("json"), nmea: flag("nmea"))
    }

    func applied(to watch: GPSDWatch) -> GPSDWatch {
        var watch = watch
        if let enable { watch.enable = enable }
        if let json { watch.json = json }
        if let nmea { watch.nmea = nmea }
        // `{"enable":true}` alone asks for JSON reports, as gpsd reads it.
        if enable == true, json == nil, nmea == nil { watch.json = true }
        return watch
    }
}
