import ArgumentParser
import ForecastlyBase
import Foundation

/// `forecastly simulate ctl`: drives a served story while the program under
/// test keeps running.
struct SimulateControlCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ctl",
        abstract: "Drive a story that 'simulate serve' is playing: move, unplug, pause, the weather, status.",
        discussion: """
        Commands:
          status               the story's time, the receiver, every gpsd client and what it was told, the weather (--json: as JSON)
          move LAT,LON         the receiver reports this position now
          unplug | plug        the receiver goes away, or comes back with no fix
          pause | resume       the story's clock stops, or goes on
          weather MODE         up, down, rateLimited, slow, truncated or offline
        The story is found by FORECASTLY_SIMULATE_CONTROL, which 'simulate serve' prints.
        """
    )

    @Argument(help: ArgumentHelp("The command and its argument.", valueName: "command"))
    var words: [String] = []

    @Option(help: ArgumentHelp("The control socket (default: FORECASTLY_SIMULATE_CONTROL).", valueName: "path"), completion: .file())
    var control: String?

    @Flag(help: "Print the answer as JSON.")
    var json = false

    func validate() throws {
        guard !words.isEmpty else { throw UsageMistake.error(MessageText("Say a command: status, move LAT,LON, unplug, plug, pause, resume or weather MODE.")) }
    }

    func run() async throws {
        guard let path = control ?? ProcessInfo.processInfo.environment["FORECASTLY_SIMULATE_CONTROL"], !path.isEmpty else {
            throw ControlError.noStory
        }
        let reply = try ControlClient.send(words.joined(separator: " "), to: path)
        guard let object = try? JSONSerialization.jsonObject(with: Data(reply.utf8)) as? [String: Any] else { throw ControlError.badReply }
        guard object["ok"] as? Bool == true else { throw ControlError.refused(object["error"] as? String ?? "no reason given") }
        if json || words == ["status"] {
            Terminal.standardOutput.writeLine(json ? reply : Self.describe(object))
        }
    }

    /// The status for a person, a line a part.
    static func describe(_ status: [String: Any]) -> String {
        let gpsd = status["gpsd"] as? [String: Any] ?? [:]
        let weather = status["weather"] as? [String: Any] ?? [:]
        let position = (gpsd["position"] as? [Double]).map { "\($0[0]),\($0[1])" } ?? "none"
        var lines = ["Story time  \(status["storyTime"] ?? "?")\((status["paused"] as? Bool) == true ? " (paused)" : "")",
                     "Receiver    \(gpsd["receiver"] ?? "?"), position \(position), gpsd on 127.0.0.1:\(gpsd["port"] ?? "?")",
                     "Weather     \(weather["mode"] ?? "?"), \(weather["forecastRequests"] ?? 0) forecast requests, \(weather["url"] ?? "")"]
        for client in gpsd["clients"] as? [[String: Any]] ?? [] {
            lines.append("Client      \(client["peer"] ?? "?"): \((client["watching"] as? Bool) == true ? "watching" : "connected"), told \(client["positionsTold"] ?? 0) positions")
        }
        return lines.joined(separator: "\n")
    }
}

/// One command to the control socket, its one-line answer.
enum ControlClient {
    static func send(_ command: String, to path: String) throws(ControlError) -> String {
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
enum ControlError: Error, UserFacingError {
    case noStory
    case unreachable(path: String, reason: String)
    case badReply
    case refused(String)

    var summaryMessage: MessageText {
        switch self {
        case .noStory: MessageText("No served story is named: FORECASTLY_SIMULATE_CONTROL is not set.")
        case .unreachable(let path, let reason):
            MessageText("No served story answers at {path}: {reason}.", ["path": path.strippingTerminalControls(limit: 200), "reason": reason])
        case .badReply: MessageText("The served story's answer could not be read.")
        case .refused(let why): MessageText("The served story refused: {reason}.", ["reason": why.strippingTerminalControls(limit: 200)])
        }
    }

    var adviceMessage: MessageText? {
        switch self {
        case .noStory, .unreachable: MessageText("Start one with 'forecastly simulate serve' and use the settings it prints.")
        case .badReply: nil
        case .refused: MessageText("See 'forecastly simulate ctl --help'.")
        }
    }

    var exitStatus: ExitStatus {
        switch self {
        case .noStory, .unreachable: .unavailable
        case .badReply: .dataError
        case .refused: .usage
        }
    }
}
