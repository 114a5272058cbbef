public import ForecastlyBase

/// Why a GeoNames dump could not be turned into an index.
public enum GazetteerImportError: Error, Sendable, Hashable {
    case unreadable(path: String, reason: MessageText)
    /// Not plain text, gzip or zip, or a zip without a .txt dump inside.
    case unsupportedFormat(path: String, reason: MessageText)
    case malformed(line: Int, reason: MessageText)
    case noPlaces
    /// `code` is the system's errno (0 when unknown), for the exit status.
    case cannotWrite(path: String, reason: MessageText, code: Int32 = 0)
}

extension GazetteerImportError: UserFacingError {
    public var summaryMessage: MessageText {
        switch self {
        case .unreadable(let path, let reason):
            MessageText("Cannot read {path}: {reason}.", ["path": path], messages: ["reason": [reason.strippingTerminalControls(limit: 200)]])
        case .unsupportedFormat(let path, let reason):
            MessageText("{path} is not a GeoNames dump: {reason}.", ["path": path], messages: ["reason": [reason.strippingTerminalControls(limit: 200)]])
        case .malformed(let line, let reason):
            MessageText("Line {line} is not a GeoNames cities line: {reason}.", ["line": "\(line)"], messages: ["reason": [reason.strippingTerminalControls(limit: 200)]])
        case .noPlaces:
            MessageText("The file holds no places.")
        case .cannotWrite(let path, let reason, _):
            MessageText("Cannot write the index to {path}: {reason}.", ["path": path], messages: ["reason": [reason.strippingTerminalControls(limit: 200)]])
        }
    }

    public var adviceMessage: MessageText? {
        switch self {
        case .unreadable:
            MessageText("Check the path; your current place index is unchanged.")
        case .unsupportedFormat, .malformed, .noPlaces:
            MessageText("Use a GeoNames cities dump (https://download.geonames.org/export/dump/); your current place index is unchanged.")
        case .cannotWrite:
            MessageText("Check the permissions and free space there; your current place index is unchanged.")
        }
    }

    public var exitStatus: ExitStatus {
        switch self {
        case .unreadable: .usage
        case .unsupportedFormat, .malformed, .noPlaces: .dataError
        case .cannotWrite(_, _, let code): code == 0 ? .ioError : ExitStatus.forWriting(errno: code)
        }
    }
}

/// Why an index file could not be opened.
public enum GazetteerOpenError: Error, Sendable, Hashable {
    case unreadable(path: String, reason: MessageText)
    /// Wrong magic, another format version, or sections outside the file.
    case invalid(path: String, reason: MessageText)
}

extension GazetteerOpenError: UserFacingError {
    public var summaryMessage: MessageText {
        switch self {
        case .unreadable(let path, let reason):
            MessageText("The place index {path} cannot be read: {reason}.", ["path": path], messages: ["reason": [reason.strippingTerminalControls(limit: 200)]])
        case .invalid(let path, let reason):
            MessageText("The place index {path} is damaged or from another version ({reason}).", ["path": path], messages: ["reason": [reason.strippingTerminalControls(limit: 200)]])
        }
    }

    public var adviceMessage: MessageText? {
        MessageText("Import the cities again with 'forecastly cities import FILE', or delete the file to use the bundled places.")
    }

    public var exitStatus: ExitStatus { .dataError }
}
