import ForecastlyApp

extension Spinner {
    /// The application's progress, as the spinner's label.
    var reporter: ProgressReporter {
        let words = UserLanguage.words()
        return { [self] progress in
            switch progress {
            case .waitingForPermission, .finishing:
                // Nothing spins before the prompt (asked before anything is
                // located or fetched), and the run stops the spinner when done.
                break
            case .locating(.gpsd): show(words("Waiting for a GPS fix from gpsd…"))
            case .locating(.geoclue): show(words("Asking the desktop's location service…"))
            case .locating(.ip): show(words("Looking up your approximate location…"))
            case .locating(.manual): show(words("Reading your stored place…"))
            case .satellites(let seen, let used):
                show(words("Waiting for a GPS fix from gpsd… satellites seen {seen}, used {used}", ["seen": "\(seen)", "used": "\(used)"]))
            case .fetching(let provider): show(words("Fetching the forecast from {provider}…", ["provider": provider.name]))
            }
        }
    }
}
