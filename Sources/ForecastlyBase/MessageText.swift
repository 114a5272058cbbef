/// English text with `{name}` placeholders and their values: gettext's
/// message and its arguments, which a front end looks up in the user's
/// language or shows as it is. A value may itself be messages (the reasons
/// inside "No location source answered: {reasons}"): they are said in the
/// same language, one after another.
public struct MessageText: Sendable, Hashable, Codable {
    public var english: String
    public var values: [String: String]
    public var messages: [String: [MessageText]]

    public init(_ english: String, _ values: [String: String] = [:], messages: [String: [MessageText]] = [:]) {
        self.english = english
        self.values = values
        self.messages = messages
    }

    /// Text that is said as it is in every language: a server's or the
    /// system's own words, an error from elsewhere that has no message.
    public static func verbatim(_ text: String) -> MessageText {
        MessageText("{text}", ["text": text])
    }

    /// "a, b or c": the items as they are, the "or" in the reader's
    /// language; one item alone is said as it is.
    public static func oneOf(_ items: [String]) -> MessageText {
        guard let last = items.last, items.count > 1 else { return .verbatim(items.joined()) }
        return MessageText("{list} or {last}", ["list": items.dropLast().joined(separator: ", "), "last": last])
    }

    /// "a, b and c", as `oneOf` says "or".
    public static func allOf(_ items: [String]) -> MessageText {
        guard let last = items.last, items.count > 1 else { return .verbatim(items.joined()) }
        return MessageText("{list} and {last}", ["list": items.dropLast().joined(separator: ", "), "last": last])
    }

    /// The message with every value (its inner messages' too) stripped of
    /// terminal controls and cut to `limit`: for words from elsewhere.
    public func strippingTerminalControls(limit: Int) -> MessageText {
        MessageText(english, values.mapValues { $0.strippingTerminalControls(limit: limit) },
                    messages: messages.mapValues { $0.map { $0.strippingTerminalControls(limit: limit) } })
    }

    /// The English text with its values.
    public var text: String { said(in: { $0 }) }

    /// The message in a language: `translate` gives the template (English
    /// where the language has none), and the values go in its placeholders.
    public func said(in translate: (String) -> String) -> String {
        let template = english == "{text}" ? english : translate(english)
        // One pass over the template, so a value that happens to contain
        // "{host}" is never filled in itself.
        var text = ""
        var rest = template[...]
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            text += rest[..<open]
            let name = String(rest[rest.index(after: open)..<close])
            if let value = values[name] {
                text += value
            } else if let parts = messages[name] {
                text += parts.map { $0.said(in: translate) }.joined(separator: " ")
            } else {
                text += rest[open...close]
            }
            rest = rest[rest.index(after: close)...]
        }
        return text + rest
    }
}
