public import ForecastlyBase
public import LocationProvider

/// Who answers "may forecastly use your location?": the CLI's prompt on a
/// terminal, a scenario's scripted answer, or an app's own dialog. Only the
/// application asks, once, when the decision is that it must; the answer is
/// remembered through the authorization's transition table.
public protocol PermissionAsker: Sendable {
    /// Asks the user. `services` names every service a lookup would reach,
    /// as a message to say in the user's language (`Words.say`).
    func ask(services: MessageText) async -> PermissionPromptOutcome
}

public enum PermissionPromptOutcome: Sendable, Hashable {
    case answered(PermissionAnswer)
    /// The question was put, and the input ended without an answer.
    case noAnswer
    /// Nobody can be asked (no terminal): forecastly never guesses.
    case cannotAsk
}

/// Asks nobody: for programs with no way to ask (a status bar, a daemon).
public struct NoPermissionAsker: PermissionAsker {
    public init() {}
    public func ask(services: MessageText) async -> PermissionPromptOutcome { .cannotAsk }
}
