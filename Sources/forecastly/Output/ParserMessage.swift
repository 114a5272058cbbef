import ForecastlyBase

/// ArgumentParser's own messages in the user's language. It words them in
/// English only, in a few fixed shapes ("Unknown option '--dayz'."), so
/// each shape is read back into a message a catalog translates; its English
/// is the shape's, so English output is ArgumentParser's. A message of
/// another shape is said as ArgumentParser said it.
enum ParserMessage {
    static func message(_ english: String) -> MessageText {
        func value(_ text: Substring) -> String { String(text).strippingTerminalControls(limit: 60) }
        if let match = english.wholeMatch(of: /Unknown option '(.+?)'\. Did you mean '(.+?)'\?/) {
            return MessageText("Unknown option '{option}'. Did you mean '{suggestion}'?", ["option": value(match.1), "suggestion": value(match.2)])
        }
        if let match = english.wholeMatch(of: /Unknown option '(.+?)'\./) {
            return MessageText("Unknown option '{option}'.", ["option": value(match.1)])
        }
        if let match = english.wholeMatch(of: /Missing value for '(.+?)'\./) {
            return MessageText("Missing value for '{option}'.", ["option": value(match.1)])
        }
        if let match = english.wholeMatch(of: /Missing expected argument '(.+?)'\./) {
            return MessageText("Missing expected argument '{argument}'.", ["argument": value(match.1)])
        }
        if let match = english.wholeMatch(of: /Unexpected argument '(.+?)'\./) {
            return MessageText("Unexpected argument '{argument}'.", ["argument": value(match.1)])
        }
        if let match = english.wholeMatch(of: /([0-9]+) unexpected arguments: (.+)\./) {
            return MessageText("{count} unexpected arguments: {arguments}.", ["count": String(match.1), "arguments": value(match.2)])
        }
        if let match = english.wholeMatch(of: /The value '(.*?)' is invalid for '(.+?)'\. Please provide one of (.+)\./) {
            let choices = match.3.matches(of: /'[^']*'/).map { String($0.output) }
            guard choices.count >= 2 else { return .verbatim(english) }
            return MessageText("The value '{value}' is invalid for '{option}'. Please provide one of {choices}.",
                               ["value": value(match.1), "option": value(match.2)],
                               messages: ["choices": [.oneOf(choices)]])
        }
        if let match = english.wholeMatch(of: /The value '(.*?)' is invalid for '(.+?)'\./) {
            return MessageText("The value '{value}' is invalid for '{option}'.", ["value": value(match.1), "option": value(match.2)])
        }
        return .verbatim(english)
    }
}
