import ForecastlyBase
import ForecastlyApp
import ForecastPresentation

/// "Request permission at launch": the question on a terminal. The
/// application asks it, once, when the decision is that it must; without a
/// terminal nobody is asked, and nothing is located.
struct TerminalPrompt: PermissionAsker {
    func ask(services: MessageText) async -> PermissionPromptOutcome {
        guard Terminal.standardInput.isTerminal, Terminal.standardError.isTerminal else { return .cannotAsk }
        let words = UserLanguage.words()
        let width = Terminal.standardError.width(environment: ProcessEnvironment.variables)
        for paragraph in [words("forecastly would like to use your location to show the weather where you are."),
                          words.say(MessageText("It will ask {services}. Nothing is sent anywhere else.", messages: ["services": [services]]))] {
            for line in TextWidth.paragraph(paragraph, width: width) { Terminal.standardError.writeLine(line) }
        }
        // An answer that is none of the three repeats only the choice. The
        // keys stay y, o and n in every language, as the prompt shows them.
        for attempt in 0..<3 {
            // Broken to the width too, the answer typed after its last line.
            var question = TextWidth.paragraph(attempt == 0 ? words("Allow? [y]es, always / [o]nce, this time only / [n]o: ")
                                                            : words("Please answer y, o or n: "), width: width)
            let last = question.removeLast()
            for line in question { Terminal.standardError.writeLine(line) }
            Terminal.standardError.write(last + " ")
            guard let line = readLine() else { Terminal.standardError.write("\n"); return .noAnswer }
            switch line.trimmingWhitespace().lowercased() {
            case "y", "yes": return .answered(.allow)
            case "o", "once": return .answered(.allowOnce)
            case "n", "no": return .answered(.deny)
            default: continue
            }
        }
        return .noAnswer
    }
}
