public import ForecastlyBase
import Foundation

/// A program's side of a served story's control socket (`forecastly
/// simulate ctl`): one command, its one-line JSON answer.
public enum StoryControlClient {
    /// The answer to a command the story accepted.
    public struct Reply: Sendable, CustomStringConvertible {
        /// As the story sent it.
        public let json: String
        /// For a person: the status a line a part, or "ok".
        public let description: String
    }

    /// Sends `command` to the story at `path`; throws when it is not there, or refuses.
    public static func send(_ command: String, to path: String) throws(StoryControlError) -> Reply {
        let reply = try exchange(command, with: path)
        guard let object = try? JSONSerialization.jsonObject(with: Data(reply.utf8)) as? [String: Any] else { throw .badReply }
        guard object["ok"] as? Bool == true else { throw .refused(object["error"] as? String ?? "no reason given") }
        return Reply(json: reply, description: object["storyTime"] == nil ? "ok" : describe(object))
    }

    /// The status for a person, a line a part. The socket is named by an
    /// environment variable, so its answer is outside data: a position that
    /// is not two numbers is "none", and control characters never reach the terminal.
    static func describe(_ status: [String: Any]) -> String {
        let gpsd = status["gpsd"] as? [String: Any] ?? [:]
        let weather = status["weather"] as? [String: Any] ?? [:]
        let position = (gpsd["position"] as? [Double]).flatMap { $0.count == 2 ? "\($0[0]),\($0[1])" : nil } ?? "none"
        var lines = ["Story time  \(status["storyTime"] ?? "?")\((status["paused"] as? Bool) == true ? " (paused)" : "")",
                     "Receiver    \(gpsd["receiver"] ?? "?"), position \(position), gpsd on 127.0.0.1:\(gpsd["port"] ?? "?")",
                     "Weather     \(weather["mode"] ?? "?"), \(weather["forecastRequests"] ?? 0) forecast requests, \(weather["url"] ?? "")"]
        for client in gpsd["clients"] as? [[String: Any]] ?? [] {
            lines.append("Client      \(client["peer"] ?? "?"): \((client["watching"] as? Bool) == true ? "watching" : "connected"), told \(client["positionsTold"] ?? 0) positions")
        }
        let geoclue = status["geoclue"] as? [String: Any] ?? [:]
        lines.append("GeoClue     the desktop's switch \(geoclue["switch"] ?? "?")")
        for client in geoclue["clients"] as? [[String: Any]] ?? [] {
            let name = (client["desktopId"] as? String).flatMap { $0.isEmpty ? nil : $0 } ?? "(no desktop id)"
            lines.append("Client      \(name) (\(client["peer"] ?? "?")): \((client["active"] as? Bool) == true ? "active" : "stopped"), "
                         + "granted \(client["accuracy"] ?? "?"), told \(client["positionsTold"] ?? 0) positions")
        }
        return lines.joined(separator: "\n").strippingTerminalControls(limit: 100_000, keepingNewlines: true)
    }

    private static func exchange(_ command: String, with path: String) throws(StoryControlError) -> String {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw .unreachable(path: path, reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { throw .unreachable(path: path, reason: "the path is too long") }
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard connected == 0 else { throw .unreachable(path: path, reason: String(cString: strerror(errno))) }
        let line = Array((command + "\n").utf8)
        guard line.withUnsafeBytes({ write(descriptor, $0.baseAddress, $0.count) }) == line.count else {
            throw .unreachable(path: path, reason: String(cString: strerror(errno)))
        }
        var reply: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while reply.count < 1 << 20 {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count <= 0 { break }
            reply += chunk[..<count]
        }
        return String(decoding: reply, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

/// Why a served story could not be driven.
public enum StoryControlError: Error, UserFacingError {
    case noStory
    case unreachable(path: String, reason: String)
    case badReply
    case refused(String)

    public var summaryMessage: MessageText {
        switch self {
        case .noStory: MessageText("No served story is named: FORECASTLY_SIMULATE_CONTROL is not set.")
        case .unreachable(let path, let reason):
            MessageText("No served story answers at {path}: {reason}.", ["path": path.strippingTerminalControls(limit: 200), "reason": reason])
        case .badReply: MessageText("The served story's answer could not be read.")
        case .refused(let why): MessageText("The served story refused: {reason}.", ["reason": why.strippingTerminalControls(limit: 200)])
        }
    }

    public var adviceMessage: MessageText? {
        switch self {
        case .noStory, .unreachable: MessageText("Start one with 'forecastly simulate serve' and use the settings it prints.")
        case .badReply: nil
        case .refused: MessageText("See 'forecastly simulate ctl --help'.")
        }
    }

    public var exitStatus: ExitStatus {
        switch self {
        case .noStory, .unreachable: .unavailable
        case .badReply: .dataError
        case .refused: .usage
        }
    }
}
