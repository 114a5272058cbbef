public import ForecastlyBase
import ForecastlyLocalization

/// The promise every error makes: one line that says what happened and what
/// to do next, with a sysexits status, and no terminal control from the
/// network or a file reaching the terminal. Each library's tests check it
/// for every case of their own errors, each carrying hostile text where it
/// carries text from outside.
public struct ErrorCase: Sendable, CustomStringConvertible {
    public var error: any UserFacingError
    /// Text the message must contain, so the user knows which file or service.
    public var names: String?

    public init(_ error: any UserFacingError, names: String? = nil) {
        self.error = error
        self.names = names
    }

    public var description: String { String(describing: error) }

    /// What a hostile server, file or SQLite message could put in a reason.
    public static let hostile = "bad\u{1B}[2J\nnews\r\u{7}"

    /// Every way the message breaks the promise; empty when it keeps it.
    public var brokenPromises: [String] {
        let message = error.userMessage
        var problems: [String] = []
        if message.isEmpty { problems.append("empty message") }
        if message.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            problems.append("control characters in: \(message.debugDescription)")
        }
        if message.count > 400 { problems.append("too long for a line or two: \(message.count) characters") }
        // A sentence, unless it starts with a name that is written in lower case.
        let startsWithName = ["forecastly ", "gpsd ", "--", "'"].contains { message.hasPrefix($0) }
        if message.first?.isLowercase == true, !startsWithName { problems.append("starts lower case: \(message)") }
        if !(message.hasSuffix(".") || message.hasSuffix("?")) { problems.append("does not end a sentence: \(message)") }
        if message.contains(" .") || message.contains(".. ") { problems.append("a sentence ends badly: \(message)") }
        if error.advice?.isEmpty != false { problems.append("no next step: \(message)") }
        if ![64, 65, 69, 73, 74, 75, 77, 78].contains(error.exitStatus.rawValue) {
            problems.append("exit status \(error.exitStatus.rawValue) is not one of sysexits' 64, 65, 69, 73, 74, 75, 77, 78")
        }
        if let names, !message.contains(names) { problems.append("does not name \(names): \(message)") }
        for template in ([error.summaryMessage] + (error.adviceMessage.map { [$0] } ?? [])).flatMap(\.templates) {
            for words in Self.languages where !words.has(template) {
                problems.append("no \(words.language.code) for “\(template)” (add it to po/)")
            }
        }
        return problems
    }

    /// Every language forecastly speaks, each of which must say every line.
    static let languages = Language.available.map { Words($0) }
}

extension MessageText {
    /// The English templates a language must have to say this message:
    /// its own and those of the messages inside it; none for text said as it is.
    var templates: [String] {
        let own = english.wholeMatch(of: /(\{[a-z]+\}\s*)+/) == nil ? [english] : []
        return own + messages.keys.sorted().flatMap { messages[$0]!.flatMap(\.templates) }
    }
}
