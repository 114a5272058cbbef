import Foundation
import Testing
import TestSupport

/// An answer far from the machine's clock (a replayed recording, a Pi whose
/// clock has not been set yet) is shown, but never as "now": its time is the
/// label, one warning says how far apart the two are, and the status-bar
/// outputs mark it.
@Suite struct OutdatedAnswerTests {
    static let kyiv = ["--lat", "50.45", "--lon", "30.52"]

    @Test func anAnswerFromDaysAgoIsLabelledWithItsTime() async throws {
        try await StubHTTPServer.with(handler: FullResponse.handler(timeline: .recorded)) { server in
            let report = try await CLI.run(Self.kyiv, server: server)
            #expect(report.status == 0)
            #expect(report.stdout.contains("\n07:15  ⛄ Slight snow fall, -1°C"))
            #expect(report.stdout.contains("\nSat 21 High 1°C"))
            #expect(!report.stdout.contains("\nNow ") && !report.stdout.contains("\nToday "))
            // The air's reading says when it was.
            #expect(report.stdout.contains("as of Sun 4 Oct 22:00"))
            #expect(report.stderrLines.count == 1)
            #expect(report.stderr.contains("The forecast and the air-quality reading describe 2026-11-21 07:15, "))
            #expect(report.stderr.contains(" before this machine's clock"))

            let line = try await CLI.run(Self.kyiv + ["--oneline", "--no-air-quality", "--no-nowcast", "--no-alerts"], server: server)
            #expect(line.stdout == "⛄ -1°C 15 km/h NW (as of Sat 21 Nov 07:15)\n")
            #expect(line.stderr.hasPrefix("forecastly: warning: The forecast describes 2026-11-21 07:15, "))

            let waybar = try await CLI.run(Self.kyiv + ["--waybar", "--no-air-quality", "--no-nowcast", "--no-alerts"], server: server)
            let object = try WaybarCommandTests.object(waybar.stdout.split(separator: "\n")[0])
            // The warning stderr gives is in the tooltip too: a status bar has no stderr to read.
            #expect(object["class"] as? [String] == ["snow", "outdated", "warning"])
            let tooltip = try #require(object["tooltip"] as? String)
            #expect(tooltip.contains("(as of Sat 21 Nov 07:15: not now)"))
            #expect(tooltip.contains("\n⚠ The forecast describes 2026-11-21 07:15, "), "\(tooltip)")
        }
    }

    /// A watch says it on every screen, as a single run does; on a
    /// terminal, where each screen is drawn in place, the notes are part of
    /// the screen: printed before it, the clearing erased them.
    @Test func aWatchSaysItOnEachScreen() async throws {
        let home = StoreCommandTests.home()
        defer { try? FileManager.default.removeItem(at: home) }
        try await StubHTTPServer.with(handler: FullResponse.handler(timeline: .recorded)) { server in
            let errors = Pipe()
            let appended = try await CLI.start(Self.kyiv + ["--watch", "--interval", "1h", "--oneline"], home: home,
                                               environment: ["FORECASTLY_OPEN_METEO_URL": server.baseURL], stderr: errors)
            let warning = await WatchCommandTests.readLine(errors.fileHandleForReading, from: appended)
            kill(appended.processIdentifier, SIGINT)
            _ = await appended.ended()
            #expect(warning.hasPrefix("forecastly: warning: The forecast describes 2026-11-21 07:15, "), "\(warning)")

            // The air quality is asked of a closed port: "Left out: the air quality" is a note of the screen too.
            let screen = Pipe()
            let drawn = try await CLI.start(Self.kyiv + ["--watch", "--interval", "1h", "--no-nowcast", "--no-alerts"], home: home,
                                            environment: ["FORECASTLY_OPEN_METEO_URL": server.baseURL], stdout: screen, onTerminal: true)
            let shown = await Self.read(screen.fileHandleForReading, until: "Ctrl-C to quit.", from: drawn)
            let watching = CLI.descendant(of: drawn.processIdentifier, named: "forecastly")
            if let watching { kill(watching, SIGTERM) } else { kill(drawn.processIdentifier, SIGKILL) }
            _ = await drawn.ended()
            let last = shown.components(separatedBy: "\u{1B}[2J").last ?? ""
            #expect(watching != nil, "\(shown)")
            #expect(last.contains("\nforecastly: note: Left out: the air quality"), "\(shown)")
            #expect(last.contains("\nforecastly: warning: The forecast describes 2026-11-21 07:15, "), "\(shown)")
            #expect(last.contains("Next refresh in 1 h. Ctrl-C to quit."), "\(shown)")
        }
    }

    /// What a terminal showed until `marker` had shown `times` times (or
    /// until the run ended, or 30 s).
    static func read(_ handle: FileHandle, until marker: String, times: Int = 1, from process: Process) async -> String {
        await CLI.reading(from: process) {
            var bytes: [UInt8] = []
            while String(decoding: bytes, as: UTF8.self).components(separatedBy: marker).count <= times {
                let chunk = handle.availableData
                guard !chunk.isEmpty else { break }
                bytes += chunk
            }
            return String(decoding: bytes, as: UTF8.self)
        }
    }

    /// compare says it as the report does: one warning, and each row the time it describes.
    @Test func compareLabelsAnOldAnswerToo() async throws {
        try await StubHTTPServer.with(handler: FullResponse.handler(timeline: .recorded)) { server in
            let table = try await CLI.run(["compare", "Kyiv, Lviv", "--no-alerts"], server: server)
            #expect(table.status == 0, "\(table.stderr)")
            #expect(table.stderrLines.count == 1, "\(table.stderr)")
            #expect(table.stderr.hasPrefix("forecastly: warning: The forecast describes 2026-11-21 07:15, "), "\(table.stderr)")
            let rows = table.stdout.split(separator: "\n").filter { $0.hasPrefix("Kyiv") || $0.hasPrefix("Lviv") }
            #expect(rows.count == 2 && rows.allSatisfy { $0.contains("(as of Sat 21 Nov 07:15)") }, "\(table.stdout)")
        }
    }

    /// A clock behind the answer (a Raspberry Pi without a clock battery
    /// starts in the past) is named the same way, the other way round.
    @Test func anAnswerAheadOfTheClockSaysSo() async throws {
        let ahead = FullResponse.json(at: Date(timeIntervalSinceNow: 2 * 86_400))
        try await StubHTTPServer.with(always: .json(ahead)) { server in
            let result = try await CLI.run(Self.kyiv + ["--oneline", "--no-air-quality", "--no-nowcast", "--no-alerts"], server: server)
            #expect(result.status == 0)
            #expect(result.stdout.contains("(as of "))
            #expect(result.stderr.contains(" after this machine's clock: the answer or the clock is wrong"))
        }
    }

    /// Within a few hours an answer is "now", as every live one is.
    @Test func anAnswerOfTheHourIsNow() async throws {
        let recent = FullResponse.json(at: Date(timeIntervalSinceNow: -2 * 3600))
        try await StubHTTPServer.with(always: .json(recent)) { server in
            let result = try await CLI.run(Self.kyiv + ["--no-air-quality", "--no-nowcast", "--no-alerts"], server: server)
            #expect(result.status == 0)
            #expect(result.stdout.contains("\nNow    ⛄ Slight snow fall"))
            #expect(result.stderr.isEmpty)
        }
    }
}
