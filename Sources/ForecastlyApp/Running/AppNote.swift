public import ForecastlyBase

/// A line to show beside what a run returns: which place an ambiguous name
/// was taken to mean, that another provider answered, that an extra could
/// not be had. The application never prints; its front end shows these.
public struct AppNote: Sendable, Hashable, CustomStringConvertible {
    public enum Kind: String, Sendable, Hashable {
        /// Worth knowing; nothing is wrong with the answer.
        case note
        /// Something is not as it should be (a damaged file, a stale forecast).
        case warning
    }

    public var kind: Kind
    /// What it says, as a message a front end says in the user's language.
    public var message: MessageText

    public init(_ kind: Kind, _ message: MessageText) {
        self.kind = kind
        self.message = message
    }

    /// In English.
    public var text: String { message.text }

    public static func note(_ message: MessageText) -> AppNote { AppNote(.note, message) }
    public static func warning(_ message: MessageText) -> AppNote { AppNote(.warning, message) }

    public var description: String { "\(kind.rawValue): \(text)" }
}

/// A cache that could not be written (the forecast store, the place index):
/// the run went on with what it had. The file and the cause, and the exit
/// status a front end may end with.
public struct CacheProblem: Sendable, Hashable, UserFacingError {
    public var summaryMessage: MessageText
    public var adviceMessage: MessageText?
    public var status: ExitStatus

    public init(_ summary: MessageText, advice: MessageText? = nil, status: ExitStatus) {
        self.summaryMessage = summary
        self.adviceMessage = advice
        self.status = status
    }

    public init(_ error: some UserFacingError) {
        self.init(error.summaryMessage, advice: error.adviceMessage, status: error.exitStatus)
    }

    public var exitStatus: ExitStatus { status }
}
