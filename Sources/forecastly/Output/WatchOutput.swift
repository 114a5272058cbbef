import ForecastCore
import ForecastlyBase
import ForecastlyApp
import ForecastPresentation

/// `forecastly --watch`: each screen of the application's watch, drawn in
/// place on a terminal or appended otherwise (a status bar reads one line
/// per screen).
struct WatchOutput {
    var renderer: ForecastOutput
    let units: MeasurementUnits
    let hours: Int

    /// A screen to draw, or the terminal resized: the last one drawn again to the new width.
    private enum Event {
        case screen(WatchScreen)
        case resized
    }

    func show(_ application: Application, _ settings: ForecastSettings, _ watching: WatchSettings) async throws {
        let inPlace = Terminal.standardOutput.isTerminal
        WatchTerminal.prepare(inPlace: inPlace)
        let screens = try await application.watch(settings, watching: watching)
        let (events, input) = AsyncStream.makeStream(of: Event.self)
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                for await screen in screens { input.yield(.screen(screen)) }
                input.finish()
            }
            if inPlace {
                group.addTask { for await _ in WatchTerminal.resizes() { input.yield(.resized) } }
            }
            var output = self
            var last: WatchScreen?
            for await event in events {
                switch event {
                case .screen(let screen):
                    // Drawn in place, the notes are part of the screen: printed before it, the clearing would erase them.
                    if !inPlace { RunNotes.print(screen.notes) }
                    output.draw(screen, inPlace: inPlace)
                    last = screen
                case .resized:
                    guard let last, case .report(var report) = output.renderer else { continue }
                    report.width = Terminal.standardOutput.width(environment: ProcessEnvironment.variables)
                    output.renderer = .report(report)
                    output.draw(last, inPlace: inPlace)
                }
            }
            group.cancelAll()
        }
    }

    private func draw(_ screen: WatchScreen, inPlace: Bool) {
        let words = UserLanguage.words()
        var text = ""
        let status: String
        switch screen.frame {
        case .forecast(_, let origin, let next):
            // Each screen of a stream on one line when it is not redrawn in place (JSON Lines).
            if let answer = screen.answer { text = renderer.render(answer, units: units, hours: hours, oneLine: !inPlace, notes: screen.notes) }
            if case .stale(_, let error) = origin {
                status = words.say(error.summaryMessage) + " "
                    + words("Showing the stored forecast; trying again in {time}.", ["time": words.age(next.inSeconds)])
            } else {
                status = words("Next refresh in {time}.", ["time": words.age(next.inSeconds)])
            }
        case .failed(let error, let retry):
            status = words.say(error.summaryMessage) + " " + words("Trying again in {time}.", ["time": words.age(retry.inSeconds)])
        case .notLocated(let error, let retry):
            status = words.say(error.summaryMessage) + " " + words("Trying again in {time}.", ["time": words.age(retry.inSeconds)])
        case .notPermitted(let error):
            status = words.line(error) + " " + words("Waiting for the permission to change.")
        }
        if inPlace {
            let notes = RunNotes.lines(screen.notes).map { $0 + "\n" }.joined()
            Terminal.standardOutput.write("\u{1B}[H\u{1B}[2J" + text + "\n" + notes + status + " " + words("Ctrl-C to quit.") + "\n")
        } else {
            if !text.isEmpty {
                if renderer.isDocument { Terminal.standardOutput.writeDocument(text) } else { Terminal.standardOutput.write(text) }
            } else if let failed = Self.failure(screen.frame), let line = renderer.failureLine(status, status: failed) {
                Terminal.standardOutput.write(line)
            }
            switch screen.frame {
            case .forecast(_, .network, _), .forecast(_, .stored, _), .forecast(_, .held, _): break
            default: Terminal.standardError.writeLine("forecastly: \(status)")
            }
        }
    }

    /// The exit status a screen without a forecast stands for.
    private static func failure(_ frame: WatchFrame) -> ExitStatus? {
        switch frame {
        case .forecast: nil
        case .failed(let error, _): error.exitStatus
        case .notLocated(let error, _): error.exitStatus
        case .notPermitted: .noPermission
        }
    }
}
