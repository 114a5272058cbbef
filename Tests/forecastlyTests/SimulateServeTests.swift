import Foundation
import Synchronization
import Testing
import TestSupport

/// `forecastly simulate serve` plays a story to programs nobody here wrote,
/// through gpsd's protocol: gpsd's own `gpspipe`, the python3-gps module, and
/// forecastly's gpsd backend (libgps). Every process is stopped by its PID.
@Suite struct SimulateServeTests {
    /// Three fixes a second apart, after a start with no fix.
    static let story = """
        {"name": "three fixes", "steps": [
          {"at": "0s", "location": {"searching": [7, 0]}},
          {"at": "2s", "location": {"fix": [52.52, 13.41], "accuracy": 8}},
          {"at": "3s", "location": {"fix": [52.53, 13.42], "accuracy": 8}},
          {"at": "4s", "location": {"fix": [52.54, 13.43], "accuracy": 8}}]}
        """
    static let fixes = [(52.52, 13.41), (52.53, 13.42), (52.54, 13.43)]

    /// A served story: its process, the port, and what it printed first.
    struct Served {
        let process: Process
        let port: Int
        let settings: [String]
        /// The control socket.
        var control: String { settings.first { $0.hasPrefix("export FORECASTLY_SIMULATE_CONTROL=") }?.dropFirst("export FORECASTLY_SIMULATE_CONTROL=".count).description ?? "" }
        /// The weather service's base URL.
        var weather: String { settings.first { $0.hasPrefix("export OPEN_METEO_URL=") }?.split(separator: " ")[1].dropFirst("OPEN_METEO_URL=".count).description ?? "" }
        let errors: Pipe
        /// GeoClue's bus.
        var bus: String { settings.first { $0.hasPrefix("export DBUS_SYSTEM_BUS_ADDRESS=") }?.dropFirst("export DBUS_SYSTEM_BUS_ADDRESS=".count).description ?? "" }
    }

    /// Starts `forecastly simulate serve ARGUMENTS`, reads its settings up to
    /// "ready", runs `body`, and stops it by its PID whatever `body` does.
    static func serving<Result>(
        _ arguments: [String], story: String? = nil, _ body: (Served) async throws -> Result
    ) async throws -> Result {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("forecastly-serve-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        var arguments = ["simulate", "serve"] + arguments
        if let story {
            let file = home.appendingPathComponent("story.json")
            try story.write(to: file, atomically: true, encoding: .utf8)
            arguments += ["--scenario", file.path]
        }
        let output = Pipe(), errors = Pipe()
        let process = try await CLI.start(arguments, home: home, stdout: output, stderr: errors)
        do {
            var settings: [String] = []
            while settings.last != "ready", settings.count < 10 {
                let line = await WatchCommandTests.readLine(output.fileHandleForReading, from: process)
                guard !line.isEmpty else { break }
                settings.append(line)
            }
            let port = try #require(settings.first.flatMap { $0.firstMatch(of: /GPSD_PORT=(\d+)/) }.flatMap { Int($0.output.1) })
            let result = try await body(Served(process: process, port: port, settings: settings, errors: errors))
            await stop(process)
            return result
        } catch {
            await stop(process)
            throw error
        }
    }

    /// As a person stops it (its services, the bus's dbus-daemon among them,
    /// stop with it); by force if it does not. Awaited, not slept in: a test
    /// holding a thread of the cooperative pool for seconds stalls the others.
    static func stop(_ process: Process) async {
        if process.isRunning { kill(process.processIdentifier, SIGTERM) }
        for _ in 0..<300 where process.isRunning { try? await Task.sleep(for: .milliseconds(10)) }
        if process.isRunning { kill(-process.processIdentifier, SIGKILL) }
        _ = await process.ended()
    }

    /// Once a client of the paused story is watching, starts the story's
    /// clock: on a busy machine a client may come late, and the story waits.
    static func resumeWhenWatched(_ served: Served) async throws {
        let home = FileManager.default.temporaryDirectory
        for _ in 0..<600 {
            let status = try await CLI.run(["simulate", "ctl", "status", "--json"], environment: ["FORECASTLY_SIMULATE_CONTROL": served.control], home: home)
            let object = try? JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [String: Any]
            let clients = (object?["gpsd"] as? [String: Any])?["clients"] as? [[String: Any]] ?? []
            if clients.contains(where: { $0["watching"] as? Bool == true }) { break }
            try await Task.sleep(for: .milliseconds(100))
        }
        #expect(try await CLI.run(["simulate", "ctl", "resume"], environment: ["FORECASTLY_SIMULATE_CONTROL": served.control], home: home).status == 0)
    }

    /// Starts a client (stopped by its PID, and its process group, after two
    /// minutes at most); its stdout, once it ends.
    static func clientStarted(
        _ executable: String, _ arguments: [String], environment: [String: String]? = nil, directory: URL? = nil, withErrors: Bool = false
    ) throws -> (Process, Task<String, Never>) {
        let (process, output) = try clientWatched(executable, arguments, environment: environment, directory: directory, withErrors: withErrors)
        return (process, Task { await output.whole.value })
    }

    /// As `clientStarted`, with what the client has printed so far, for a
    /// test that waits until it prints something.
    static func clientWatched(
        _ executable: String, _ arguments: [String], environment: [String: String]? = nil, directory: URL? = nil, withErrors: Bool = false
    ) throws -> (Process, ClientOutput) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let environment { process.environment = environment }
        if let directory { process.currentDirectoryURL = directory }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = withErrors ? pipe : FileHandle.nullDevice
        try process.run()
        let pid = process.processIdentifier
        let soFar = Mutex((data: Data(), ended: false))
        let whole = Task {
            let deadline = Task {
                try await Task.sleep(for: .seconds(120))
                kill(-pid, SIGKILL)
                kill(pid, SIGKILL)
            }
            await offThePool {
                while case let chunk = pipe.fileHandleForReading.availableData, !chunk.isEmpty {
                    soFar.withLock { $0.data.append(chunk) }
                }
                soFar.withLock { $0.ended = true }
            }
            _ = await process.ended()
            deadline.cancel()
            return String(decoding: soFar.withLock { $0.data }, as: UTF8.self)
        }
        let output = ClientOutput(soFar: { soFar.withLock { (String(decoding: $0.data, as: UTF8.self), $0.ended) } }, whole: whole)
        return (process, output)
    }

    /// Runs a client to its end (or kills it by PID after a minute); its stdout.
    static func client(_ executable: String, _ arguments: [String]) async throws -> String {
        await (try clientStarted(executable, arguments)).1.value
    }

    /// The positions of the TPVs among gpsd JSON lines, in order, each once.
    /// (gpsd's lines end in CR LF, which Swift reads as one Character: split
    /// them with `isNewline`, not at "\n".)
    static func positions(_ lines: some Sequence<Substring>) -> [[Double]] {
        var seen: [[Double]] = []
        for line in lines {
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  object["class"] as? String == "TPV", let lat = object["lat"] as? Double, let lon = object["lon"] as? Double else { continue }
            if seen.last != [lat, lon] { seen.append([lat, lon]) }
        }
        return seen
    }

    /// What a client was told is the story's fixes from the one current when
    /// it came to the last, in order, none left out: whenever it connected.
    static func expectTheStorysFixes(_ received: [[Double]]) {
        let story = fixes.map { [$0.0, $0.1] }
        #expect(!received.isEmpty, "no position was delivered")
        #expect(received.last == story.last)
        if let first = received.first, let start = story.firstIndex(of: first) {
            #expect(Array(story[start...]) == received)
        } else {
            Issue.record("\(received) is not the story's fixes")
        }
    }

    @Test func itPrintsTheSettingsThenReady() async throws {
        try await Self.serving([], story: Self.story) { served in
            #expect(served.settings.count == 7 && served.settings.last == "ready", "\(served.settings)")
            #expect(served.settings[0] == "export GPSD_HOST=127.0.0.1 GPSD_PORT=\(served.port)")
            #expect(served.settings[1] == "export FORECASTLY_GPSD=127.0.0.1:\(served.port)")
            #expect(served.settings[2].contains(/^export DBUS_SYSTEM_BUS_ADDRESS=unix:path=\/\S+$/))
            #expect(served.settings[3].contains(/^export DBUS_SESSION_BUS_ADDRESS=unix:path=\/\S+$/))
            #expect(served.settings[2] != served.settings[3].replacingOccurrences(of: "SESSION", with: "SYSTEM"), "one bus each")
            #expect(served.settings[4].contains(/^export OPEN_METEO_URL=http:\/\/127\.0\.0\.1:\d+ FORECASTLY_OPEN_METEO_URL=http:\/\/127\.0\.0\.1:\d+$/))
            #expect(served.settings[5].hasPrefix("export FORECASTLY_SIMULATE_CONTROL=/"))
        }
    }

    /// Stopped as a person stops it (SIGTERM) before its end: every service
    /// goes, the control socket with them, and the verdict so far is said.
    @Test func aSignalEndsTheStoryWithItsVerdict() async throws {
        try await Self.serving(["--paused"], story: Self.story) { served in
            #expect(UnixSocket.accepts(served.control))
            kill(served.process.processIdentifier, SIGTERM)
            #expect(await served.process.ended() == 0)
            let said = String(decoding: await served.errors.fileHandleForReading.dataUntilEnd(), as: UTF8.self)
            #expect(said.contains("stopped by signal \(SIGTERM)"), "\(said)")
            #expect(said.hasSuffix("the story was stopped before its end; every promise held so far\n"), "\(said)")
            #expect(!UnixSocket.accepts(served.control))
        }
    }

    @Test func gpspipeReadsTheStorysFixesAndTheStoryEndsByItself() async throws {
        try await Self.serving(["--paused"], story: Self.story) { served in
            // gpspipe -w streams until the story ends and the server hangs up.
            let (_, reading) = try Self.clientStarted("/usr/bin/gpspipe", ["-w", "127.0.0.1:\(served.port)"])
            try await Self.resumeWhenWatched(served)
            let output = await reading.value
            let lines = output.split(whereSeparator: \.isNewline)
            #expect(lines.first?.contains(#""class":"VERSION""#) == true)
            #expect(lines.contains { $0.contains(#""class":"DEVICES""#) && $0.contains("/dev/simulated0") })
            Self.expectTheStorysFixes(Self.positions(lines))
            #expect(await served.process.ended() == 0)
        }
    }

    @Test func pythonsGpsModuleStreamsTheStorysFixes() async throws {
        let script = """
            import sys, gps
            session = gps.gps(host="127.0.0.1", port=sys.argv[1], mode=gps.WATCH_ENABLE | gps.WATCH_JSON)
            for report in session:
                if report['class'] == 'TPV' and report.get('mode', 0) >= 2:
                    print('{"class":"TPV","lat":%r,"lon":%r}' % (report['lat'], report['lon']), flush=True)
            """
        try await Self.serving(["--paused"], story: Self.story) { served in
            let (_, reading) = try Self.clientStarted("/usr/bin/python3", ["-c", script, "\(served.port)"])
            try await Self.resumeWhenWatched(served)
            let output = await reading.value
            Self.expectTheStorysFixes(Self.positions(output.split(whereSeparator: \.isNewline)))
        }
    }

    /// forecastly's own gpsd backend (libgps), end to end, on the served story.
    @Test func forecastlysOwnGpsdBackendLocatesFromTheStory() async throws {
        let story = #"{"name": "a fix", "steps": [{"at": "0s", "location": {"fix": [48.1173, 11.5167], "accuracy": 6}}, {"at": "1h", "wait": true}]}"#
        // The story lasts an hour (it is stopped by its PID when the test ends): a busy machine may start the client late.
        try await Self.serving([], story: story) { served in
            let home = FileManager.default.temporaryDirectory.appendingPathComponent("forecastly-serve-client-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: home) }
            #expect(try await CLI.run(["location", "allow"], home: home).status == 0)
            let located = try await CLI.run(["location", "--source", "gpsd", "--json"], environment: ["FORECASTLY_GPSD": "127.0.0.1:\(served.port)"],
                                            home: home)
            #expect(located.status == 0, "\(located.stderr)")
            let object = try JSONSerialization.jsonObject(with: Data(located.stdout.utf8)) as? [String: Any]
            #expect(object?["latitude"] as? Double == 48.1173 && object?["longitude"] as? Double == 11.5167, "\(located.stdout)")
            #expect((object?["source"] as? String)?.hasPrefix("gpsd") == true, "\(located.stdout)")
        }
    }

    /// The story's weather, served as Open-Meteo serves it, and failing as the
    /// story says: forecastly itself, run against it, shows the forecast, then
    /// the stored one with the service's refusal when it is rate limited.
    @Test func forecastlyItselfReadsTheServedWeatherAndItsFailure() async throws {
        let story = #"{"name": "the weather", "steps": [{"at": "1h", "wait": true}]}"#
        try await Self.serving(["--paused"], story: story) { served in
            let home = FileManager.default.temporaryDirectory.appendingPathComponent("forecastly-serve-weather-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: home) }
            let place = ["--lat", "48.14", "--lon", "11.58", "--no-alerts", "--no-air-quality", "--no-nowcast"]
            let first = try await CLI.run(place + ["--json"], environment: ["FORECASTLY_OPEN_METEO_URL": served.weather], home: home)
            #expect(first.status == 0, "\(first.stderr)")
            let document = try JSONSerialization.jsonObject(with: Data(first.stdout.utf8)) as? [String: Any]
            #expect((document?["current"] as? [String: Any])?["temperature"] as? Double == 12.5, "\(first.stdout)")
            #expect((document?["location"] as? [String: Any])?["latitude"] as? Double == 48.14, "the place asked about")
            // The story's weather says 429 now, as a `"weather": "rateLimited"` step does.
            let ctl = try await CLI.run(["simulate", "ctl", "weather", "rateLimited"], environment: ["FORECASTLY_SIMULATE_CONTROL": served.control],
                                        home: home)
            #expect(ctl.status == 0)
            let limited = try await CLI.run(place + ["--refresh", "--format", "%t"], environment: ["FORECASTLY_OPEN_METEO_URL": served.weather], home: home)
            #expect(limited.status == 0 && limited.stdout == "13°C\n", "\(limited.stdout) \(limited.stderr)")
            #expect(limited.stderr.contains("429"), "\(limited.stderr)")
        }
    }

    /// `simulate ctl` drives the story while the programs under test run:
    /// paused, the receiver moved, the weather taken down, the status read.
    @Test func ctlDrivesTheServedStory() async throws {
        let story = #"{"name": "later", "steps": [{"at": "40s", "location": {"fix": [52.52, 13.41]}}]}"#
        // Paused from the start: a story that ran would end after 40 s, and
        // on a busy machine the first `ctl` can come later than that.
        try await Self.serving(["--paused"], story: story) { served in
            let home = FileManager.default.temporaryDirectory.appendingPathComponent("forecastly-serve-ctl-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: home) }
            func ctl(_ words: String...) async throws -> CLIResult {
                try await CLI.run(["simulate", "ctl"] + words, environment: ["FORECASTLY_SIMULATE_CONTROL": served.control], home: home)
            }
            #expect(try await ctl("pause").status == 0)
            #expect(try await ctl("move", "60.1,10.2").status == 0)
            #expect(try await ctl("weather", "down").status == 0)
            let tpvs = try await Self.client("/usr/bin/gpspipe", ["-w", "-n", "5", "127.0.0.1:\(served.port)"])
            #expect(Self.positions(tpvs.split(whereSeparator: \.isNewline)).last == [60.1, 10.2], "\(tpvs)")
            let down = try await CLI.run(["--lat", "60.1", "--lon", "10.2", "--no-alerts", "--no-air-quality", "--no-nowcast"],
                                         environment: ["FORECASTLY_OPEN_METEO_URL": served.weather], home: home)
            #expect(down.status == 75 && down.stderr.contains("503"), "\(down.status) \(down.stderr)")
            let status = try await ctl("status", "--json")
            let object = try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [String: Any]
            #expect(object?["paused"] as? Bool == true)
            let gpsd = object?["gpsd"] as? [String: Any]
            #expect(gpsd?["position"] as? [Double] == [60.1, 10.2] && gpsd?["receiver"] as? String == "fix")
            #expect((object?["weather"] as? [String: Any])?["mode"] as? String == "down")
            #expect((object?["weather"] as? [String: Any])?["forecastRequests"] as? Int == 1)
            // Paused, the story's clock stands: a second look gives the same time.
            let again = try JSONSerialization.jsonObject(with: Data(try await ctl("status", "--json").stdout.utf8)) as? [String: Any]
            #expect(again?["storyTime"] as? String == object?["storyTime"] as? String, "\(status.stdout)")
            #expect(try await ctl("deny", "org.example.App").status == 0)
            let granted = try JSONSerialization.jsonObject(with: Data(try await ctl("status", "--json").stdout.utf8)) as? [String: Any]
            let apps = (granted?["geoclue"] as? [String: Any])?["apps"] as? [String: [String: String]]
            #expect(apps?["org.example.App"]?["permission"] == "denied", "\(String(describing: apps))")
            let unknown = try await ctl("switch", "sideways")
            #expect(unknown.status == 64 && unknown.stderrLines.count == 1, "\(unknown.stderr)")
            let offTheMap = try await ctl("move", "95,3")
            #expect(offTheMap.status == 64 && offTheMap.stderr.contains("the latitude must be between -90 and 90; got 95"), "\(offTheMap.stderr)")
            #expect(try await ctl("resume").status == 0)
        }
        let nobody = try await CLI.run(["simulate", "ctl", "status"], environment: ["FORECASTLY_SIMULATE_CONTROL": "/nonexistent/control"],
                                       home: FileManager.default.temporaryDirectory)
        #expect(nobody.status == 69 && nobody.stderr.hasPrefix("forecastly: No served story answers at /nonexistent/control"), "\(nobody.stderr)")
    }

    /// A client that sends nonsense is answered with gpsd's ERROR and, when
    /// it floods, hung up on; the other clients go on.
    @Test func aClientSendingGarbageIsToldAndTheOthersGoOn() async throws {
        try await Self.serving(["--paused"], story: Self.story) { served in
            let script = """
                import socket, sys
                s = socket.create_connection(("127.0.0.1", int(sys.argv[1])))
                s.sendall(b"?BOGUS;\\n")
                data = b""
                while b"ERROR" not in data:
                    chunk = s.recv(4096)
                    if not chunk: break
                    data += chunk
                print(data.decode())
                s.sendall(b"nonsense\\n" * 50)
                s.settimeout(30)
                try:
                    while s.recv(4096): pass
                    print("hung up")
                except Exception as e:
                    print("still open", e)
                """
            let garbage = try await Self.client("/usr/bin/python3", ["-c", script, "\(served.port)"])
            #expect(garbage.contains(#"{"class":"ERROR","message":"Unrecognized request '?BOGUS'"}"#), "\(garbage)")
            #expect(garbage.contains("hung up"), "\(garbage)")
            let (_, reading) = try Self.clientStarted("/usr/bin/gpspipe", ["-w", "127.0.0.1:\(served.port)"])
            try await Self.resumeWhenWatched(served)
            #expect(!Self.positions((await reading.value).split(whereSeparator: \.isNewline)).isEmpty)
        }
    }

    @Test func aPortInUseIsOneLineAndExit69() async throws {
        try await Self.serving(["--paused"], story: Self.story) { served in
            let home = FileManager.default.temporaryDirectory.appendingPathComponent("forecastly-serve-port-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: home) }
            let file = home.appendingPathComponent("story.json")
            try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
            try Self.story.write(to: file, atomically: true, encoding: .utf8)
            let taken = try await CLI.run(["simulate", "serve", "--scenario", file.path, "--gpsd-port", "\(served.port)"], home: home)
            #expect(taken.status == 69)
            #expect(taken.stderrLines.count == 1, "\(taken.stderr)")
            #expect(taken.stderr.hasPrefix("forecastly: The simulated gpsd cannot listen on 127.0.0.1:\(served.port)"), "\(taken.stderr)")
        }
    }

    /// No dbus-daemon on the PATH: GeoClue cannot be served, said in one
    /// line in the reader's language, exit 69.
    @Test func withoutDBusDaemonTheStoryIsNotServed() async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("forecastly-serve-bus-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let file = home.appendingPathComponent("story.json")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        try Self.story.write(to: file, atomically: true, encoding: .utf8)
        let noBus = ["PATH": home.path]
        let english = try await CLI.run(["simulate", "serve", "--scenario", file.path], environment: noBus, home: home)
        #expect(english.status == 69)
        #expect(english.stderr == "forecastly: The simulated GeoClue needs a D-Bus bus of its own, which cannot be started: dbus-daemon is not on the PATH. Install dbus-daemon (sudo apt install dbus-daemon) and libsystemd0.\n", "\(english.stderr)")
        let german = try await CLI.run(["simulate", "serve", "--scenario", file.path], environment: noBus.merging(["LANG": "de_DE.UTF-8"]) { $1 }, home: home)
        #expect(german.status == 69)
        #expect(german.stderr.contains("lässt: dbus-daemon ist nicht im PATH. Installieren Sie"), "\(german.stderr)")
    }

    /// `--transcript FILE`: what each client was told, and the verdict, go
    /// to the file, not to stderr.
    @Test func theTranscriptGoesToTheFileNamed() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("forecastly-transcript-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("transcript.txt")
        try await Self.serving(["--speed", "20", "--transcript", file.path], story: Self.story) { served in
            #expect(await served.process.ended() == 0)
            let said = String(decoding: await served.errors.fileHandleForReading.dataUntilEnd(), as: UTF8.self)
            #expect(!said.contains("every promise held"), "\(said)")
        }
        let written = try String(contentsOf: file, encoding: .utf8)
        #expect(written.hasSuffix("the story has been played; every promise held\n"), "\(written)")
    }

    /// A transcript that could not be written is refused before anything is
    /// served, as a shell refuses `> missing/file` before the command runs:
    /// not after the whole story has played.
    @Test(arguments: ["missing/transcript.txt", "."])
    func aTranscriptThatCannotBeWrittenIsRefusedBeforeServing(path: String) async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("forecastly-serve-transcript-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        let story = home.appendingPathComponent("story.json")
        try Self.story.write(to: story, atomically: true, encoding: .utf8)
        let result = try await CLI.run(["simulate", "serve", "--scenario", story.path, "--transcript", home.path + "/" + path], home: home)
        #expect(result.status == 73, "\(result.stderr)")
        #expect(result.stderrLines.count == 1, "\(result.stderr)")
        #expect(result.stderr.contains(path == "." ? "is a directory, not a file" : "no such file or directory"), "\(result.stderr)")
        #expect(result.stdout.isEmpty, "nothing is served")
        #expect(!FileManager.default.fileExists(atPath: home.path + "/missing"))
    }

    @Test func aStoryThatCannotBeReadIsOneLine() async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("forecastly-serve-bad-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        let file = home.appendingPathComponent("story.json")
        try #"{"name": "x", "steps": [{"at": "1s", "location": {"fix": [100, 0]}}]}"#.write(to: file, atomically: true, encoding: .utf8)
        let result = try await CLI.run(["simulate", "serve", "--scenario", file.path], home: home)
        #expect(result.status == 65)
        #expect(result.stderrLines.count == 1 && result.stderr.contains("steps[0].location.fix"), "\(result.stderr)")
        #expect(result.stdout.isEmpty, "nothing is served for a story that cannot be played")
    }
}

/// The README's "Test your own program" and the Scenarios article's GeoClue
/// recipe run as written: bash, the served story, gpspipe or where-am-i as
/// the program under test, and the story's verdict.
@Suite struct TestYourOwnProgramTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Runs the first `sh` block after `heading` in `document` with bash, as a
    /// reader would; its output, once it ends, and whether it ended well.
    /// Foundation starts bash as the leader of a process group of its own:
    /// stopping that group by bash's PID on a deadline stops the story too.
    static func runBlock(in document: String = "README.md", after heading: String, mentioning program: String) async throws -> (text: String, succeeded: Bool) {
        let readme = try String(contentsOf: Self.root.appendingPathComponent(document), encoding: .utf8)
        let section = try #require(readme.range(of: heading))
        let block = try #require(readme[section.upperBound...].firstMatch(of: /```sh\n((?s).*?)```/)).output.1
        #expect(block.contains("forecastly simulate serve") && block.contains(program))
        let (process, reading) = try SimulateServeTests.clientStarted(
            "/bin/bash", ["-c", "set -e\n" + block],
            environment: ["PATH": CLI.binary.deletingLastPathComponent().path + ":/usr/bin:/bin", "LANG": "C.UTF-8",
                          "HOME": FileManager.default.temporaryDirectory.path],
            directory: Self.root)
        let text = await reading.value
        return (text, process.terminationStatus == 0)
    }

    @Test func theReadmesRecipeRunsAsWritten() async throws {
        let (text, succeeded) = try await Self.runBlock(after: "### Test your own program", mentioning: "gpspipe")
        #expect(succeeded, "\(text)")
        let positions = SimulateServeTests.positions(text.split(whereSeparator: \.isNewline))
        let boat: [[Double]] = [[69.6496, 18.956], [69.655, 18.94], [69.661, 18.921], [69.67, 18.9], [69.68, 18.88], [69.69, 18.86]]
        #expect(!positions.isEmpty && positions.allSatisfy(boat.contains), "\(text)")
    }

    /// The Scenarios article's GeoClue recipe: where-am-i is told the exact
    /// position, then a city-level one, then nothing (revoked), and the story ends well.
    @Test func theGeoClueRecipeRunsAsWritten() async throws {
        let (text, succeeded) = try await Self.runBlock(in: "Sources/ForecastlySimulation/ForecastlySimulation.docc/Scenarios.md",
                                                        after: "A GeoClue client is tested the same way", mentioning: "where-am-i")
        #expect(succeeded, "\(text)")
        let told = SimulateGeoClueTests.positions(text)
        #expect(told.count == 2, "\(text)")
        #expect(told.first.map { abs($0.latitude - 59.9139) < 1e-6 && $0.accuracy == 5 } == true, "\(text)")
        #expect(told.last.map { $0.accuracy == 15_000 && abs($0.latitude - 59.93) * 111_320 < 15_000 } == true, "\(text)")
    }

    /// Every story in Examples/scenarios/serve can be served to its end.
    @Test(arguments: ["boat.json", "cold-start.json", "weather-outage.json"])
    func everyServeExampleIsServedToItsEnd(story: String) async throws {
        let file = Self.root.appendingPathComponent("Examples/scenarios/serve/\(story)")
        let files = try FileManager.default.contentsOfDirectory(atPath: file.deletingLastPathComponent().path).filter { $0.hasSuffix(".json") }
        #expect(Set(files) == ["boat.json", "cold-start.json", "weather-outage.json", "maps-app.json"], "an example without a test")
        try await SimulateServeTests.serving(["--scenario", file.path, "--speed", "10", "--paused"]) { served in
            let (_, reading) = try SimulateServeTests.clientStarted("/usr/bin/gpspipe", ["-w", "127.0.0.1:\(served.port)"])
            try await SimulateServeTests.resumeWhenWatched(served)
            let output = await reading.value
            #expect(!SimulateServeTests.positions(output.split(whereSeparator: \.isNewline)).isEmpty, "\(output)")
            #expect(await served.process.ended() == 0)
        }
    }
}

/// A client's output: what it has printed so far, and all of it once it ends.
struct ClientOutput: Sendable {
    /// What it printed so far, and whether its output has ended.
    let soFar: @Sendable () -> (text: String, ended: Bool)
    let whole: Task<String, Never>

    /// Waits until what it printed satisfies `done`; false if its output
    /// ended first. Its deadline (two minutes) bounds the wait.
    func printed(_ done: (String) -> Bool) async -> Bool {
        while true {
            let (text, ended) = soFar()
            if done(text) { return true }
            if ended { return false }
            try? await Task.sleep(for: .milliseconds(50))
        }
    }
}
