public import ForecastlyBase

/// Why the store (forecast cache and notes) could not be used. Each case
/// names the file, and none of them leads forecastly to touch the file.
public enum StoreError: Error, Sendable, Hashable {
    /// The file is not an SQLite database, or SQLite found it damaged.
    case corrupt(path: String, detail: MessageText)
    /// An SQLite database that forecastly did not create.
    case foreign(path: String)
    /// The file could not be used (locked too long, or another cause SQLite names).
    case unavailable(path: String, detail: MessageText)
    /// The file or its directory could not be written: `.cannotCreate` for
    /// permissions and read-only file systems, `.ioError` for a full disk or
    /// an I/O error.
    case cannotWrite(path: String, detail: MessageText, status: ExitStatus)
    /// Made by a newer forecastly, with migrations this one does not know.
    case newerVersion(path: String)
    /// A stored forecast that can no longer be read or shown (written by an
    /// older forecastly, or damaged) was dropped from the store; `detail`
    /// says why. The rest of the store is untouched.
    case droppedForecast(path: String, detail: MessageText)
}

extension StoreError: UserFacingError {
    public var summaryMessage: MessageText {
        switch self {
        case .corrupt(let path, let detail):
            MessageText("The forecastly database {path} is damaged ({detail}); it was left as it is.", ["path": path], messages: ["detail": [detail.strippingTerminalControls(limit: 200)]])
        case .foreign(let path):
            MessageText("{path} is an SQLite database forecastly did not create; it was left as it is.", ["path": path])
        case .unavailable(let path, let detail):
            MessageText("The forecastly database {path} cannot be used: {detail}.", ["path": path], messages: ["detail": [detail.strippingTerminalControls(limit: 200)]])
        case .cannotWrite(let path, let detail, _):
            MessageText("The forecastly database {path} cannot be written: {detail}.", ["path": path], messages: ["detail": [detail.strippingTerminalControls(limit: 200)]])
        case .newerVersion(let path):
            MessageText("The forecastly database {path} was made by a newer forecastly.", ["path": path])
        case .droppedForecast(let path, let detail):
            MessageText("A forecast stored in {path} could not be shown ({detail}), so it was dropped.", ["path": path], messages: ["detail": [detail.strippingTerminalControls(limit: 200)]])
        }
    }

    public var adviceMessage: MessageText? {
        switch self {
        case .corrupt, .foreign:
            MessageText("Move it away (your notes may be recoverable with the sqlite3 tool); forecastly then starts a new one.")
        case .unavailable:
            MessageText("Try again in a moment.")
        case .cannotWrite(_, _, let status):
            status == .ioError ? MessageText("Free some space there (or check the disk), then try again.")
                : MessageText("Check the permissions of the directory (or set XDG_DATA_HOME).")
        case .newerVersion:
            MessageText("Use that newer forecastly, or move the file away to start a new one.")
        case .droppedForecast:
            MessageText("Run forecastly again without --offline to fetch a new one.")
        }
    }

    public var exitStatus: ExitStatus {
        switch self {
        case .corrupt, .foreign, .newerVersion, .droppedForecast: .dataError
        case .unavailable: .temporaryFailure
        case .cannotWrite(_, _, let status): status
        }
    }
}
