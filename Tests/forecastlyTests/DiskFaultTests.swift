import Foundation
import Testing
import TestSupport

/// Every write path when the disk fails, through Debian's libfiu (fiu-run
/// and its POSIX preload library): each run ends with one line naming the
/// file and the cause, exit 73 (cannot create) or 74 (I/O), still shows the
/// forecast when only the cache could not be written, and what the user
/// saved before is unchanged. `scripts/faults` runs random schedules for longer.
@Suite(.serialized) struct DiskFaultTests {
    static let fiuRun = "/usr/bin/fiu-run"
    static let errno = ["ENOSPC": 28, "EIO": 5, "EACCES": 13, "EROFS": 30]

    /// `arguments` run with every `point` call failing with `error`.
    /// Swift's backtracer, which a trap would start, inherits the faults and
    /// does not end under them, so it is off: a trap's exit status
    /// (a signal) is what the tests check.
    ///
    /// No point here fails open(): libfiu's open fault also fails the Swift
    /// runtime's own reads of /proc (libdispatch's thread-pool monitor), and
    /// libdispatch stops the process on purpose when it cannot read them, as
    /// SwiftNIO does on EBADF: not forecastly's finding. An open refused by
    /// the file system is tested for real in `aDirectoryThatRefusesWriting`.
    ///
    /// libfiu's preload library can deadlock by itself, whatever the program
    /// does: its wrappers hold libfiu's lock while they look up libc's own
    /// function with dlsym (the dynamic loader's lock), and a thread that
    /// holds the loader's lock (here the main thread's `pthread_exit` in
    /// `dispatch_main`, loading libgcc_s) allocates through libfiu's malloc
    /// wrapper, which waits for libfiu's lock. gdb showed exactly that in one
    /// `location deny` of about 300 on a loaded machine (thread 1: `_dl_open`
    /// → `malloc` → `fiu_fail` → rwlock; the monitor thread: `open` →
    /// `fiu_fail` → `strdup` → `dlsym` → the loader's mutex). Such a run is
    /// killed at 30 s and run again, three times at most; a run that hangs
    /// by forecastly's own doing hangs every time and still fails the test.
    static func run(_ arguments: [String], failing point: String, with error: String, home: URL, server: StubHTTPServer? = nil) async throws -> CLIResult {
        var result: CLIResult
        var attempt = 0
        repeat {
            attempt += 1
            result = try await CLI.run(["-x", "-f", "", "-c", "enable name=posix/\(point),failinfo=\(Self.errno[error]!)", CLI.binary.path] + arguments,
                                       server: server, environment: ["SWIFT_BACKTRACE": "enable=no"], home: home, executable: Self.fiuRun,
                                       timeLimit: .seconds(30))
        } while result.killedAtTimeLimit && attempt < 3
        return result
    }

    /// A home with a note, a decision and a stored place, as a user has them.
    static func savedHome() async throws -> URL {
        let home = StoreCommandTests.home()
        #expect(try await CLI.run(["notes", "add", "--without-weather", "the first note"], home: home).status == 0)
        #expect(try await CLI.run(["location", "allow"], home: home).status == 0)
        #expect(try await CLI.run(["location", "set", "--lat", "45.59", "--lon", "17.22"], home: home).status == 0)
        return home
    }

    /// What the user saved is as it was, and the store opens.
    static func expectUnharmed(_ home: URL, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let notes = try await CLI.run(["notes", "list"], home: home)
        #expect(notes.status == 0 && notes.stdout.contains("the first note"), "\(notes.stderr)", sourceLocation: sourceLocation)
        let status = try await CLI.run(["location", "status"], home: home)
        #expect(status.stdout.contains("authorized"), "\(status.stdout)", sourceLocation: sourceLocation)
        let place = try await CLI.run(["location", "show", "--source", "manual"], home: home)
        #expect(place.stdout.contains("45.59"), "\(place.stdout) \(place.stderr)", sourceLocation: sourceLocation)
        #expect(try await CLI.run(["cache", "status"], home: home).status == 0, sourceLocation: sourceLocation)
    }

    static func expectOneLine(_ result: CLIResult, status: Int32, naming file: String, cause: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(result.status == status, "\(result.stderr)", sourceLocation: sourceLocation)
        let last = result.stderrLines.last ?? ""
        #expect(last.contains(file) && last.lowercased().contains(cause), "\(result.stderr)", sourceLocation: sourceLocation)
        #expect(!result.stderr.contains("Fatal error"), sourceLocation: sourceLocation)
    }

    @Test func aFullDiskStopsANoteAndLosesNone() async throws {
        let home = try await Self.savedHome()
        defer { try? FileManager.default.removeItem(at: home) }
        let result = try await Self.run(["notes", "add", "--without-weather", "a second note"], failing: "io/rw/pwrite", with: "ENOSPC", home: home)
        // SQLite's words: its own reads and writes go through calls libfiu does not wrap (pwrite64), so the cause is its.
        Self.expectOneLine(result, status: 74, naming: "forecastly.sqlite", cause: "disk")
        #expect(result.stderrLines.count == 1)
        try await Self.expectUnharmed(home)
        #expect(try await !CLI.run(["notes", "list"], home: home).stdout.contains("a second note"))
    }

    @Test(arguments: [("io/dir/rename", "EROFS", Int32(73), "read-only file system"), ("io/sync/fsync", "EIO", 74, "input/output error")])
    func theDecisionAndTheStoredPlaceKeepTheirLastValue(point: String, error: String, status: Int32, cause: String) async throws {
        let home = try await Self.savedHome()
        defer { try? FileManager.default.removeItem(at: home) }
        let place = try await Self.run(["location", "set", "--lat", "50.45", "--lon", "30.52"], failing: point, with: error, home: home)
        Self.expectOneLine(place, status: status, naming: "place.json", cause: cause)
        let decision = try await Self.run(["location", "deny"], failing: point, with: error, home: home)
        Self.expectOneLine(decision, status: status, naming: "location.json", cause: cause)
        try await Self.expectUnharmed(home)
    }

    /// A configuration directory the user may not write (open() refused
    /// with EACCES by the file system itself): run in a user namespace, where
    /// even root has only the owner's permissions on the test's files.
    @Test func aDirectoryThatRefusesWriting() async throws {
        let home = try await Self.savedHome()
        defer { try? FileManager.default.removeItem(at: home) }
        let directory = home.appendingPathComponent(".config/forecastly")
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: directory.path)
        let place = try await CLI.run(["--user", CLI.binary.path, "location", "set", "--lat", "50.45", "--lon", "30.52"],
                                      home: home, executable: "/usr/bin/unshare")
        Self.expectOneLine(place, status: 73, naming: "place.json", cause: "permission denied")
        let decision = try await CLI.run(["--user", CLI.binary.path, "location", "deny"], home: home, executable: "/usr/bin/unshare")
        Self.expectOneLine(decision, status: 73, naming: "location.json", cause: "permission denied")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: directory.path)
        try await Self.expectUnharmed(home)
    }

    /// Only the cache could not be written: the forecast is shown, then one warning, exit 0.
    @Test func theForecastIsShownWhenOnlyTheCacheCannotBeWritten() async throws {
        let home = try await Self.savedHome()
        defer { try? FileManager.default.removeItem(at: home) }
        try await StubHTTPServer.with(handler: FullResponse.handler()) { server in
            let result = try await Self.run(["--lat", "50.45", "--lon", "30.52", "--oneline"], failing: "io/rw/pwrite", with: "ENOSPC", home: home, server: server)
            #expect(result.stdout == "⛄ -1°C 15 km/h NW\n")
            // A cache is only a cache: the answer is whole, the run succeeds, one warning says why.
            Self.expectOneLine(result, status: 0, naming: "forecastly.sqlite", cause: "disk")
            #expect(result.stderr.hasPrefix("forecastly: warning: "), "\(result.stderr)")
            // The next run, with room on the disk, stores it.
            #expect(try await CLI.run(["--lat", "50.45", "--lon", "30.52", "--oneline"], server: server, home: home).status == 0)
        }
        try await Self.expectUnharmed(home)
        #expect(try await CLI.run(["--lat", "50.45", "--lon", "30.52", "--offline", "--oneline"], home: home).status == 0)
    }

    /// An import that cannot be written keeps the index that was there.
    @Test func anImportThatCannotBeWrittenKeepsTheIndex() async throws {
        let home = try await Self.savedHome()
        defer { try? FileManager.default.removeItem(at: home) }
        let before = try await CLI.run(["cities", "status"], home: home)
        let result = try await Self.run(["cities", "import", Fixtures.url("geonames/cities-sample.txt").path], failing: "io/dir/rename", with: "ENOSPC", home: home)
        Self.expectOneLine(result, status: 74, naming: "cities.idx", cause: "no space left on device")
        #expect(try await CLI.run(["cities", "status"], home: home).stdout == before.stdout)
        try await Self.expectUnharmed(home)
    }
}

/// Real file systems in the way: one that fills up (a small tmpfs) and a
/// read-only XDG directory, each in a mount namespace of its own (as the
/// GeoClue sandbox mounts), so nothing outside the test sees them.
extension DiskFaultTests {
    /// Runs `script` with sh in a private mount namespace; `FORECASTLY` names
    /// the binary, `HOME` the test's home; its stdout and stderr, in order.
    static func inMountNamespace(_ script: String, home: URL, server: StubHTTPServer? = nil) async throws -> (status: Int32, output: String) {
        let result = try await CLI.run(["--mount", "--propagation", "private", "sh", "-c", "exec 2>&1\n" + script], server: server,
                                       environment: ["FORECASTLY": CLI.binary.path], home: home, executable: "/usr/bin/unshare")
        return (result.status, result.stdout + result.stderr)
    }

    /// Notes until the disk is full: the one that does not fit fails with
    /// exit 74 and says the disk is full; every note saved before is there.
    @Test func aFilesystemThatFillsUp() async throws {
        let home = try await Self.savedHome()
        defer { try? FileManager.default.removeItem(at: home) }
        let padding = String(repeating: "x", count: 900)
        let script = """
            set -u
            mkdir -p "$HOME/.local/share" && cp -a "$HOME/.local/share/forecastly" "$HOME/kept"
            mount -t tmpfs -o size=256k tmpfs "$HOME/.local/share" || { echo "cannot mount a tmpfs"; exit 99; }
            cp -a "$HOME/kept" "$HOME/.local/share/forecastly"
            saved=0
            for i in $(seq 1 400); do
              if "$FORECASTLY" notes add --without-weather "note $i \(padding)" >/dev/null 2>"$HOME/error"; then saved=$i; else echo "exit $?"; break; fi
            done
            echo "saved $saved"
            cat "$HOME/error"
            "$FORECASTLY" notes list | grep -c "note " || true
            "$FORECASTLY" notes list | grep -c "the first note"
            """
        let (status, output) = try await Self.inMountNamespace(script, home: home)
        #expect(status == 0, "\(output)")
        let lines = output.split(separator: "\n").map(String.init)
        #expect(lines.first == "exit 74", "\(output)")
        let saved = Int(lines.first { $0.hasPrefix("saved ") }?.dropFirst(6) ?? "") ?? -1
        #expect(saved > 0, "some notes fit before the disk was full: \(output)")
        #expect(output.contains("forecastly.sqlite cannot be written: the disk is full"), "\(output)")
        #expect(lines.suffix(2) == ["\(saved)", "1"], "every saved note (and the first) is listed: \(output)")
    }

    /// A read-only configuration directory: the decision cannot be saved
    /// (exit 73, naming the file), the one there stays; a read-only data
    /// directory: the forecast is shown, then a warning, exit 0.
    @Test func aReadOnlyXDGDirectory() async throws {
        let home = try await Self.savedHome()
        defer { try? FileManager.default.removeItem(at: home) }
        try await StubHTTPServer.with(handler: FullResponse.handler()) { server in
            let script = """
                for directory in "$HOME/.config" "$HOME/.local/share"; do
                  mount --bind "$directory" "$directory" && mount -o remount,ro,bind "$directory" || { echo "cannot remount"; exit 99; }
                done
                "$FORECASTLY" location deny; echo "deny exit $?"
                "$FORECASTLY" location status | head -1
                "$FORECASTLY" --lat 50.45 --lon 30.52 --oneline --no-nowcast --no-air-quality --no-alerts; echo "forecast exit $?"
                """
            let (status, output) = try await Self.inMountNamespace(script, home: home, server: server)
            #expect(status == 0, "\(output)")
            #expect(output.contains("Cannot save the location decision to \(home.path)/.config/forecastly/location.json: Read-only file system."), "\(output)")
            #expect(output.contains("deny exit 73"), "\(output)")
            #expect(output.contains("Permission  authorized"), "the decision stays: \(output)")
            #expect(output.contains("⛄ -1°C 15 km/h NW\n"), "the forecast is shown: \(output)")
            #expect(output.contains("forecast exit 0"), "a cache is only a cache: \(output)")
        }
        try await Self.expectUnharmed(home)
    }
}

extension DiskFaultTests {
    /// Output redirected to a full disk (`> /dev/full`): the run does not end
    /// as if it had written it; a closed pipe is no failure to report.
    @Test func outputThatCannotBeWritten() async throws {
        let home = try await Self.savedHome()
        defer { try? FileManager.default.removeItem(at: home) }
        func shell(_ command: String) async throws -> (Int32, String) {
            let result = try await CLI.run(["-c", command], environment: ["FORECASTLY": CLI.binary.path], home: home, executable: "/bin/sh")
            return (result.status, result.stderr)
        }
        let (full, message) = try await shell(#""$FORECASTLY" notes export > /dev/full"#)
        #expect(full == 74)
        #expect(message == "forecastly: The output could not be written: No space left on device.\n")
        // A reader gone before the output comes: ended by SIGPIPE as `cat` would be (status 141 through sh), with no message.
        let (_, quiet) = try await shell(#"{ "$FORECASTLY" cities search a --limit 100 --json; echo "$?" > "$HOME/status"; } | true"#)
        #expect(quiet.isEmpty, "\(quiet)")
        let status = try String(contentsOf: home.appendingPathComponent("status"), encoding: .utf8)
        #expect(status == "141\n" || status == "0\n", "\(status)")
    }
}
