public import ForecastlyBase
public import Places

/// `place = "Atlantiss"` in config.toml: the file's line is what to fix.
public struct ConfiguredPlaceNotFound: UserFacingError {
    public var error: PlaceResolutionError
    /// The file and line ("~/.config/forecastly/config.toml line 3").
    public var setting: String

    init(_ error: PlaceResolutionError, setting: String) {
        self.error = error
        self.setting = setting
    }

    public var summaryMessage: MessageText {
        MessageText("{error} It is the place in {setting}.", ["setting": setting], messages: ["error": [error.summaryMessage]])
    }
    public var adviceMessage: MessageText? {
        guard let advice = error.adviceMessage else { return MessageText("Correct that line, or remove it to be located.") }
        return MessageText("{advice} Correct that line, or remove it to be located.", messages: ["advice": [advice]])
    }
    /// The file is wrong (78), unless the name could not be looked up at
    /// all (69: it may be right, and the network is what failed).
    public var exitStatus: ExitStatus { error.exitStatus == .unavailable ? .unavailable : .configuration }
}
