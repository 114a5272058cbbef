public import ForecastlyBase

/// Why a story cannot be served to other programs.
public enum ServeError: Error, Sendable, UserFacingError {
    /// The port is taken, or cannot be listened on.
    case cannotListen(service: String, port: Int, reason: String)
    /// A bus of its own (for GeoClue) cannot be started.
    case busUnavailable(reason: MessageText)

    public var summaryMessage: MessageText {
        switch self {
        case .cannotListen(let service, let port, let reason):
            MessageText("The simulated {service} cannot listen on 127.0.0.1:{port}: {reason}.",
                        ["service": service, "port": "\(port)", "reason": reason.strippingTerminalControls(limit: 200)])
        case .busUnavailable(let reason):
            MessageText("The simulated GeoClue needs a D-Bus bus of its own, which cannot be started: {reason}.",
                        messages: ["reason": [reason]])
        }
    }

    public var adviceMessage: MessageText? {
        switch self {
        case .cannotListen: MessageText("Choose another port, or leave the port out to have a free one chosen.")
        case .busUnavailable: MessageText("Install dbus-daemon (sudo apt install dbus-daemon) and libsystemd0.")
        }
    }

    public var exitStatus: ExitStatus { .unavailable }
}
