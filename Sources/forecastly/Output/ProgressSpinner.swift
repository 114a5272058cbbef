import ForecastlyApp

extension Spinner {
    /// The application's progress, as the spinner's label.
    var reporter: ProgressReporter {
        { [self] progress in
            switch progress {
            case .waitingForPermission, .finishing:
                // Nothing spins before the prompt (asked before anything is
                // located or fetched), and the run stops the spinner when done.
                break
            case .locating(.gpsd): show("Waiting for a GPS fix from gpsd…")
            case .locating(.geoclue): show("Asking the desktop's location service…")
            case .locating(.ip): show("Looking up your approximate location…")
            case .locating(.manual): show("Reading your stored place…")
            case .satellites(let seen, let used): show("Waiting for a GPS fix from gpsd… \(seen) satellites seen, \(used) used")
            case .fetching(let provider): show("Fetching the forecast from \(provider.name)…")
            }
        }
    }
}
