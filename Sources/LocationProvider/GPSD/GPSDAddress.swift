import ForecastlyBase
import Foundation

/// Where gpsd listens: `HOST[:PORT]`, `[IPv6]:PORT`; default localhost:2947.
public struct GPSDAddress: Sendable, Hashable, CustomStringConvertible {
    public static let variable = "FORECASTLY_GPSD"
    /// gpsd's registered port (IANA), where it listens unless told otherwise.
    public static let defaultPort = 2947
    public static let `default` = GPSDAddress(host: "localhost", port: defaultPort)

    public let host: String
    public let port: Int

    public init(host: String, port: Int) {
        self.host = host
        self.port = port
    }

    /// Parses `HOST`, `HOST:PORT`, `[::1]` or `[::1]:PORT`; nil when malformed.
    public init?(_ text: String) {
        let trimmed = text.trimmingWhitespace()
        guard !trimmed.isEmpty, !trimmed.unicodeScalars.contains(where: { $0.value < 0x21 }) else { return nil }
        var host = trimmed
        var port = Self.defaultPort
        if trimmed.hasPrefix("[") {
            guard let close = trimmed.firstIndex(of: "]") else { return nil }
            host = String(trimmed[trimmed.index(after: trimmed.startIndex)..<close])
            let rest = trimmed[trimmed.index(after: close)...]
            if !rest.isEmpty {
                guard rest.hasPrefix(":"), let value = Int(rest.dropFirst()) else { return nil }
                port = value
            }
        } else if trimmed.filter({ $0 == ":" }).count == 1, let colon = trimmed.firstIndex(of: ":") {
            host = String(trimmed[..<colon])
            guard let value = Int(trimmed[trimmed.index(after: colon)...]) else { return nil }
            port = value
        }
        guard !host.isEmpty, (1...65535).contains(port) else { return nil }
        self.init(host: host, port: port)
    }

    public var description: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }
}


