import ForecastPresentation
import Foundation
import Testing
import TestSupport

/// The launch flow and `forecastly location …`, as a user meets them: every
/// permission state, with stubs that count what left the machine.
@Suite struct LocationFlowTests {
    /// A stub that answers IP lookups (ipwho.is format) and forecasts, counting both.
    static func withServices<Result>(_ body: (StubHTTPServer) async throws -> Result) async throws -> Result {
        let ipAnswer = try Fixtures.bytes("ipgeo/ipwho_is-8.8.8.8-geoip-comparison.json")
        let forecast = FullResponse.json(at: Date())
        return try await StubHTTPServer.with(handler: { request in
            request.path == "/v1/forecast" ? .json(forecast) : .respond(status: 200, body: ipAnswer)
        }, body)
    }

    static func environment(_ server: StubHTTPServer) -> [String: String] {
        ["FORECASTLY_IPGEO_URL": server.baseURL + "/ip/"]
    }

    func home() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("forecastly-home-\(UUID().uuidString)")
    }

    @Test func undecidedWithoutATerminalNeverLooksAnythingUp() async throws {
        try await Self.withServices { server in
            let result = try await CLI.run(["--source", "ip"], server: server, environment: Self.environment(server))
            #expect(result.status == 77)
            #expect(result.stdout.isEmpty)
            #expect(result.stderrLines.count == 1)
            #expect(result.stderr.contains("forecastly location allow"))
            #expect(server.requestCount == 0)
        }
    }

    @Test func allowedIPLookupNamesItsSourceAndAccuracy() async throws {
        try await Self.withServices { server in
            let home = home()
            let allow = try await CLI.run(["location", "allow"], home: home)
            let result = try await CLI.run(["--source", "ip", "--hours", "0"], server: server, environment: Self.environment(server), home: home)
            let json = try await CLI.run(["--source", "ip", "--json"], server: server, environment: Self.environment(server), home: home)
            #expect(allow.status == 0)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.hasPrefix("Mountain View, US · "))
            #expect(result.stdout.contains("From   IP lookup, city level"))
            let forecastRequest = try #require(server.requests.first { $0.path == "/v1/forecast" })
            #expect(forecastRequest.query["latitude"] == "37.3860517")
            #expect(json.stdout.contains(#""kind" : "ip""#) && json.stdout.contains(#""accuracy" : "reduced""#))
        }
    }

    @Test func deniedSaysHowToChangeIt() async throws {
        try await Self.withServices { server in
            let home = home()
            _ = try await CLI.run(["location", "deny"], home: home)
            let result = try await CLI.run([], server: server, environment: Self.environment(server), home: home)
            let typed = try await CLI.run(["--lat", "50.45", "--lon", "30.52", "--oneline"], server: server, home: home)
            #expect(result.status == 77)
            #expect(result.stderr.contains("denied") && result.stderr.contains("forecastly location allow"))
            #expect(typed.status == 0) // typed coordinates need no permission
            #expect(server.requests.allSatisfy { $0.path == "/v1/forecast" })
        }
    }

    /// `deny` says the stored place still works, and it does: it needs no permission.
    @Test func deniedUsesTheStoredPlace() async throws {
        try await Self.withServices { server in
            let home = home()
            defer { try? FileManager.default.removeItem(at: home) }
            let deny = try await CLI.run(["location", "deny"], home: home)
            #expect(deny.stdout.contains("the stored place still work"))
            // The place as the first word, as the forecast takes it.
            let set = try await CLI.run(["location", "set", "Paris, FR"], home: home)
            #expect(set.status == 0, "\(set.stderr)")
            #expect(set.stdout.hasPrefix("Stored Paris, FR at 48.8534°N, 2.3488°E in "), "\(set.stdout)")
            let result = try await CLI.run(["--format", "%l"], server: server, environment: Self.environment(server), home: home)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout == "Paris, FR\n")
            // Only the forecast for the stored place was asked: no IP lookup.
            #expect(server.requests.map(\.path) == ["/v1/forecast"])
            #expect(server.requests.first?.query["latitude"] == "48.85341")
        }
    }

    @Test func administratorPolicyCannotBeOverridden() async throws {
        try await Self.withServices { server in
            let home = home()
            try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
            let policy = home.appendingPathComponent("policy.json")
            try #"{"location": "disabled"}"#.write(to: policy, atomically: true, encoding: .utf8)
            let environment = Self.environment(server).merging(["FORECASTLY_POLICY_FILE": policy.path]) { $1 }
            let allow = try await CLI.run(["location", "allow"], environment: environment, home: home)
            let run = try await CLI.run(["--source", "ip"], server: server, environment: environment, home: home)
            for result in [allow, run] {
                #expect(result.status == 77)
                #expect(result.stderr.contains(policy.path))
                #expect(result.stderr.contains("cannot be changed by the user"))
            }
            #expect(server.requestCount == 0)
            let status = try await CLI.run(["location", "status", "--json"], environment: environment, home: home)
            let root = try #require(try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [String: Any])
            let restriction = try #require(root["restriction"] as? [String: Any])
            #expect(restriction["by"] as? String == "policy")
            #expect(restriction["path"] as? String == policy.path)
        }
    }

    @Test func storedPlaceNeedsNoPermission() async throws {
        try await Self.withServices { server in
            let home = home()
            let set = try await CLI.run(["location", "set", "--lat", "-33.9", "--lon", "18.4", "--name", "Cape Town"], home: home)
            let result = try await CLI.run(["--source", "manual", "--oneline"], server: server, home: home)
            #expect(set.status == 0)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(server.requests.map(\.path) == ["/v1/forecast"])
            #expect(server.requests.first?.query["latitude"] == "-33.9")
        }
    }

    @Test func damagedStoredPlaceIsNamed() async throws {
        let home = home()
        let config = home.appendingPathComponent(".config/forecastly")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        try "garbage".write(to: config.appendingPathComponent("place.json"), atomically: true, encoding: .utf8)
        let result = try await CLI.run(["--source", "manual"], home: home)
        #expect(result.status == 65)
        #expect(result.stderr == "forecastly: The stored place in \(config.path)/place.json cannot be read. Store it again with 'forecastly location set --lat … --lon …', or forget it with 'forecastly location unset'.\n")
        // The way out it names: the damaged file goes, and nothing is stored.
        let unset = try await CLI.run(["location", "unset"], home: home)
        #expect(unset.status == 0, "\(unset.stderr)")
        #expect(unset.stdout == "Removed \(config.path)/place.json.\n")
        #expect(!FileManager.default.fileExists(atPath: config.path + "/place.json"))
        let after = try await CLI.run(["--source", "manual"], home: home)
        #expect(after.stderr.contains("No default place is stored."), "\(after.stderr)")
    }

    /// `location unset` forgets what `location set` stored; again, it says
    /// nothing was; where the file cannot be removed, it fails, naming it.
    @Test func unsetForgetsTheStoredPlace() async throws {
        let home = home()
        let set = try await CLI.run(["location", "set", "--lat", "50.45", "--lon", "30.52", "--name", "Home"], home: home)
        #expect(set.status == 0, "\(set.stderr)")
        let path = home.path + "/.config/forecastly/place.json"
        let unset = try await CLI.run(["location", "unset"], home: home)
        #expect(unset.status == 0)
        #expect(unset.stdout == "Forgot Home (\(path) removed).\n")
        #expect(!FileManager.default.fileExists(atPath: path))
        let status = try await CLI.run(["location", "status"], home: home)
        #expect(!status.stdout.contains("Place "), "\(status.stdout)")
        let again = try await CLI.run(["location", "unset"], home: home)
        #expect(again.status == 0)
        #expect(again.stdout == "No place is stored (\(path)).\n")

        // A file where the configuration directory belongs: the path cannot be a file's.
        let blocked = home.appendingPathComponent("blocked")
        try "".write(to: blocked, atomically: true, encoding: .utf8)
        let failed = try await CLI.run(["location", "unset"], environment: ["XDG_CONFIG_HOME": blocked.path, "LANG": "de_DE.UTF-8"], home: home)
        #expect(failed.status == 73, "\(failed.stderr)")
        #expect(failed.stderr.hasPrefix("forecastly: Der gespeicherte Ort \(blocked.path)/forecastly/place.json kann nicht entfernt werden: not a directory."), "\(failed.stderr)")
    }

    @Test(arguments: [("y\n", 0, "authorized"), ("o\n", 0, "not decided yet"), ("n\n", 77, "denied")])
    func promptOnATerminal(typed: String, status: Int32, remembered: String) async throws {
        try await Self.withServices { server in
            let home = home()
            let result = try await CLI.run(["--source", "ip", "--oneline"], server: server, environment: Self.environment(server),
                                           home: home, terminalInput: typed)
            let after = try await CLI.run(["location", "status"], home: home)
            #expect(result.stdout.contains("would like to use your location"))
            #expect(result.stdout.contains("the IP location service 127.0.0.1"))
            #expect(result.status == status, "\(result.stdout)")
            #expect(after.stdout.hasPrefix("Permission  \(remembered)"))
            let looked = server.requests.contains { $0.path == "/ip/" }
            #expect(looked == (status == 0))
        }
    }

    /// The question is broken between words to the terminal's width, not
    /// wherever the terminal's line ends ("GeoClue (whi" / "ch may look up").
    @Test func thePromptIsBrokenBetweenWordsToTheTerminalsWidth() async throws {
        try await Self.withServices { server in
            var environment = Self.environment(server)
            environment["COLUMNS"] = "50"
            let result = try await CLI.run(["--oneline"], server: server, environment: environment, home: home(), terminalInput: "n\n")
            #expect(result.status == 77, "\(result.stdout)")
            let lines = result.stdout.split(whereSeparator: \.isNewline)
            let question = lines.prefix { !$0.hasPrefix("Allow?") }
            #expect(question.count >= 4, "\(result.stdout)")
            for line in question { #expect(line.count <= 50, "\(line)") }
            #expect(question.joined(separator: " ").contains("It will ask gpsd on 127.0.0.1:9 and, if that has no fix, the desktop's location service GeoClue"))
        }
    }

    /// The question names the services in the user's language, and a
    /// Japanese one breaks between characters: "the IP location service"
    /// was English inside the Japanese sentence.
    @Test func thePromptNamesTheServicesInTheLanguage() async throws {
        try await Self.withServices { server in
            var environment = Self.environment(server)
            environment["COLUMNS"] = "40"
            environment["LANGUAGE"] = "ja"
            let result = try await CLI.run(["--oneline"], server: server, environment: environment, home: home(), terminalInput: "n\n")
            #expect(result.status == 77, "\(result.stdout)")
            let screen = result.stdout.split(whereSeparator: \.isNewline)
            let question = screen.prefix { !$0.hasPrefix("許可しますか") }
            // The choices too, the answer typed after their last line.
            // (The refusal's line, one line whatever its length, follows the answer's place.)
            for line in screen {
                let drawn = line.range(of: "forecastly:").map { String(line[..<$0.lowerBound]) } ?? String(line)
                #expect(TextWidth.of(drawn) <= 40, "\(line)")
            }
            #expect(screen.contains { $0.hasPrefix("許可しますか") }, "\(result.stdout)")
            let said = question.joined().filter { !$0.isWhitespace }
            #expect(said.contains("問い合わせ先は127.0.0.1:9のgpsd、位置が得られなければデスクトップの位置情報サービスGeoClue"), "\(said)")
            #expect(!said.contains("ifthat") && !said.contains("desktop's"))
        }
    }

    /// Ctrl-D at the question decides nothing, and says so (it was asked, on a terminal).
    @Test func noAnswerDecidesNothing() async throws {
        try await Self.withServices { server in
            let home = home()
            let result = try await CLI.run(["--source", "ip", "--oneline"], server: server, environment: Self.environment(server),
                                           home: home, terminalInput: "")
            #expect(result.status == 77)
            #expect(result.stdout.contains("was not answered, so nothing was decided"))
            #expect(!result.stdout.contains("cannot ask without a terminal"))
            #expect(try await CLI.run(["location", "status"], home: home).stdout.hasPrefix("Permission  not decided yet"))
            #expect(server.requestCount == 0)
        }
    }

    /// An answer that is none of the three repeats only the choice, not the whole question.
    @Test func anInvalidAnswerRepeatsOnlyTheChoice() async throws {
        try await Self.withServices { server in
            let result = try await CLI.run(["--source", "ip", "--oneline"], server: server, environment: Self.environment(server),
                                           home: home(), terminalInput: "maybe\ny\n")
            #expect(result.status == 0, "\(result.stdout)")
            #expect(result.stdout.components(separatedBy: "would like to use your location").count == 2)  // asked once
            #expect(result.stdout.contains("Please answer y, o or n: "))
        }
    }

    /// `location status` names the policy file it read, and who restricts, in words.
    @Test func statusNamesThePolicyFileItReads() async throws {
        let home = home()
        let missing = home.appendingPathComponent("missing-policy.json").path
        // Unbroken, as a terminal of 1000 columns shows it: the temporary home's path is long.
        let none = try await CLI.run(["location", "status"], environment: ["FORECASTLY_POLICY_FILE": missing, "COLUMNS": "1000"], home: home)
        #expect(none.stdout.contains("Policy      none (\(missing) does not exist)"))
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        let policy = home.appendingPathComponent("policy.json")
        try #"{"location": "disabled"}"#.write(to: policy, atomically: true, encoding: .utf8)
        let restricted = try await CLI.run(["location", "status"], environment: ["FORECASTLY_POLICY_FILE": policy.path], home: home)
        let first = restricted.stdout.split(separator: "\n").first.map(String.init) ?? ""
        #expect(first.hasPrefix("Permission  restricted by an administrator's policy"), "\(first)")
        #expect(!first.hasSuffix("; policy)"))
    }
}
