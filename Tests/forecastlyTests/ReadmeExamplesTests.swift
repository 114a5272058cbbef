import Foundation
import Testing
import TestSupport

/// Every `forecastly …` command in the README's examples, and in the guide
/// the README sends the rest to (ForecastlyApp's "The forecastly command"),
/// runs here as it is written: in a scratch directory with the README's file names, against a
/// loopback stub that answers in Open-Meteo's format (and as the IP service
/// and the geocoder), one block's commands in order and sharing a HOME. Its
/// exit status is checked (0, or what the README's comment says), and so is
/// every line of output the README shows for it ("…" stands for what
/// differs from run to run, such as the time, and for lines left out).
@Suite(.serialized) struct ReadmeExamplesTests {
    struct Example: Sendable, CustomTestStringConvertible {
        /// The command as the README writes it, without its comment.
        var command: String
        var comment: String
        var shown: [String]
        var testDescription: String { command }
    }

    static let root = Fixtures.directory.deletingLastPathComponent().deletingLastPathComponent()

    /// Where the examples are: the README, and the guide it sends the rest to.
    static let documents = ["README.md", "Sources/ForecastlyApp/ForecastlyApp.docc/TheCommandLine.md"]

    /// The documents' code blocks, each a list of examples in order.
    static let blocks: [[Example]] = {
        let text = documents.map { (try? String(contentsOf: root.appendingPathComponent($0), encoding: .utf8)) ?? "" }.joined(separator: "\n")
        return text.matches(of: /```(\w*)\n((?s).*?)```/).compactMap { match -> [Example]? in
            var examples: [Example] = []
            for line in match.output.2.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
                if let command = command(in: line) {
                    let parts = command.split(separator: "#", maxSplits: 1)
                    examples.append(Example(command: parts[0].trimmingCharacters(in: .whitespaces),
                                            comment: parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespaces) : "", shown: []))
                } else if match.output.1 == "text", !examples.isEmpty, !line.isEmpty {
                    examples[examples.count - 1].shown.append(line)
                }
            }
            return examples.isEmpty ? nil : examples
        }
    }()

    /// "$ forecastly …" in a terminal transcript, or the command in a status
    /// bar's configuration (`"exec": "forecastly …"`, `command=forecastly …`).
    static func command(in line: String) -> String? {
        if line.hasPrefix("$ forecastly") { return String(line.dropFirst(2)) }
        if let quoted = line.firstMatch(of: /(?:exec|command)"?\s*[:=]\s*"?(forecastly [^"]*)"?,?$/) { return String(quoted.output.1) }
        return nil
    }

    /// Splits a command as a POSIX shell would, for the quoting the README uses.
    static func words(_ command: String) -> [String] {
        var words: [String] = [], word = "", quote: Character?, started = false
        for character in command {
            if let open = quote {
                if character == open { quote = nil } else { word.append(character) }
            } else if character == "'" || character == "\"" {
                quote = character; started = true
            } else if character == " " {
                if started || !word.isEmpty { words.append(word) }
                word = ""; started = false
            } else {
                word.append(character)
            }
        }
        if started || !word.isEmpty { words.append(word) }
        return words
    }

    @Test func everyExampleIsHere() {
        let commands = Self.blocks.flatMap { $0 }.map(\.command)
        #expect(commands.count >= 30, "\(commands)")
        #expect(commands.contains("forecastly chart --city Oslo --svg oslo.svg"))
    }

    @Test(arguments: blocks.indices)
    func theBlockRunsAsWritten(block: Int) async throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("forecastly-readme-\(UUID().uuidString)")
        let home = scratch.appendingPathComponent("home")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        // The README's file names.
        try FileManager.default.copyItem(at: Fixtures.url("tracks/berlin-east.gpx"), to: scratch.appendingPathComponent("commute.gpx"))
        try FileManager.default.createDirectory(at: scratch.appendingPathComponent("Examples"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Self.root.appendingPathComponent("Examples/scenarios"),
                                         to: scratch.appendingPathComponent("Examples/scenarios"))
        let ipAnswer = try Fixtures.bytes("ipgeo/ipwho_is-8.8.8.8-geoip-comparison.json")
        try await StubHTTPServer.with(handler: { request in
            request.path.hasPrefix("/ip") ? .respond(status: 200, body: ipAnswer) : FullResponse.handler()(request)
        }) { server in
            for example in Self.blocks[block] {
                for command in Self.expanded(example.command) {
                    try await Self.check(example, running: command, server: server, home: home, directory: scratch)
                }
            }
        }
    }

    /// The README's shorthand: `allow [--reduced] | deny | reset` is four
    /// commands, `a; forecastly b` two.
    static func expanded(_ command: String) -> [String] {
        if command == "forecastly location allow [--reduced] | deny | reset" {
            return ["forecastly location allow", "forecastly location allow --reduced", "forecastly location deny", "forecastly location reset"]
        }
        return command.components(separatedBy: "; ")
    }

    static func check(_ example: Example, running command: String, server: StubHTTPServer, home: URL, directory: URL) async throws {
        var environment = ["FORECASTLY_IPGEO_URL": server.baseURL + "/ip/", "FORECASTLY_GEOCODING_URL": server.baseURL]
        var arguments = Array(words(command).dropFirst())
        var jqFilter: String?
        if let bar = arguments.firstIndex(of: "|"), arguments[bar + 1] == "jq" {
            jqFilter = arguments[bar + 2]
            arguments = Array(arguments[..<bar])
        }
        // "the network is down": the stub is out of reach for this one.
        if example.comment.contains("the network is down") { environment["FORECASTLY_OPEN_METEO_URL"] = CLI.refusingURL }
        let expected = Int32(example.comment.firstMatch(of: /exit status (\d+)/)?.output.1 ?? "0") ?? 0
        var output: String
        if arguments.contains("--watch") {
            output = try await firstLineOfWatch(arguments, server: server, home: home, environment: environment)
        } else {
            let terminal: String? = arguments.isEmpty ? "y\n" : nil  // "undecided, on a terminal: asks once"
            let result = try await CLI.run(arguments, server: example.comment.contains("the network is down") ? nil : server,
                                           environment: environment, home: home, terminalInput: terminal, directory: directory)
            #expect(result.status == expected, "\(command): \(result.stdout) \(result.stderr)")
            output = result.stdout + result.stderr
            if let jqFilter {
                #expect(jqFilter == ".current.temperature")
                let document = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
                output = "\((document?["current"] as? [String: Any])?["temperature"] ?? "none")\n"
            }
        }
        // Everything a terminal showed: the spinner returns to the line's start
        // and clears it (CR, ESC [2K) before the forecast is written, and
        // `script` types the answer before the question is asked.
        let lines = output.replacingOccurrences(of: "\r\n", with: "\n").split(whereSeparator: { $0 == "\n" || $0 == "\r" })
            .map { $0.replacing(/\x{1B}\[[0-9;?]*[A-Za-z]/, with: "").trimmingCharacters(in: .whitespaces) }
        for shown in example.shown where shown.trimmingCharacters(in: .whitespaces) != "…" {
            #expect(lines.contains { Self.line($0, matches: shown) }, "\(command) does not print “\(shown)”:\n\(output)")
        }
    }

    /// A shown line matches a printed one when its parts between "…" appear
    /// in it in order; without "…" the two are the same.
    /// The stub's answers describe the time of the run, so the README's
    /// clock times, days and UTC offsets stand for any; runs of spaces (a
    /// table's padding around a longer day) count as one.
    static func line(_ printed: String, matches shown: String) -> Bool {
        func normalized(_ line: String) -> String {
            line.replacing(/(Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d{1,2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)/, with: "DAY")
                .replacing(/\d{2}:\d{2}/, with: "HH:MM")
                .replacing(/UTC[+-]\d+/, with: "UTC+N")
                .replacing(/\ {2,}/, with: " ")
        }
        return matches(normalized(printed), normalized(shown))
    }

    static func matches(_ printed: String, _ shown: String) -> Bool {
        let parts = shown.trimmingCharacters(in: .whitespaces).components(separatedBy: "…").map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count > 1 else { return printed == parts[0] }
        var rest = printed[...]
        for (index, part) in parts.enumerated() where !part.isEmpty {
            if index == 0 {
                guard rest.hasPrefix(part) else { return false }
                rest = rest.dropFirst(part.count)
            } else {
                guard let found = rest.range(of: part) else { return false }
                rest = rest[found.upperBound...]
            }
        }
        return parts.last!.isEmpty || rest.isEmpty
    }

    /// A watch runs until it is stopped: its first line, then it is stopped by PID.
    static func firstLineOfWatch(_ arguments: [String], server: StubHTTPServer, home: URL, environment: [String: String]) async throws -> String {
        let stdout = Pipe()
        var environment = environment
        environment["FORECASTLY_OPEN_METEO_URL"] = server.baseURL
        environment["FORECASTLY_AIR_QUALITY_URL"] = server.baseURL
        environment["FORECASTLY_NWS_URL"] = server.baseURL
        environment["FORECASTLY_METEOALARM_URL"] = server.baseURL
        // Without a place, a status bar's watch follows the user: one who has allowed locating.
        if !arguments.contains("--lat"), !arguments.contains("--city") {
            _ = try await CLI.run(["location", "allow"], home: home)
        }
        let process = try await CLI.start(arguments, home: home, environment: environment, stdout: stdout)
        defer {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        let line = await WatchCommandTests.readLine(stdout.fileHandleForReading, from: process)
        #expect(!line.isEmpty, "\(arguments): no line before the deadline")
        return line + "\n"
    }
}
