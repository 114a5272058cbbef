import ArgumentParser

/// An argument list of plain `--name value` options and `--flag`s, read
/// without ArgumentParser, for the runs people make every day.
///
/// Why: ArgumentParser reflects over every option group on each parse, and
/// each first-time protocol check in the Swift runtime scans all ~9,000
/// conformance records of the binary. For a forecast that was about 5 ms of
/// CPU, a fifth of the run, and on a busy machine nearly all of it is wall
/// time (interleaved runs against a loopback stub with one core kept busy:
/// 27.3 ms → 21.6 ms). So a list this type can read exactly as ArgumentParser
/// would is read here, and any other list goes to ArgumentParser as before.
///
/// It reads a list only when each word is a name in its table (`--name`, no
/// `--name=value`), each option has its value as the next word (a value
/// starting with "-" only where the table says the option takes one, as
/// `parsing: .unconditional` does), and each name is given once unless the
/// table says it repeats. Everything else (help, a misspelling, a missing or
/// repeated value) returns nil, and ArgumentParser parses the list and
/// reports what is wrong, so errors read the same whichever way a list came.
struct SimpleArguments {
    /// How a name in the table takes its value, as its declaration says.
    enum Kind {
        case flag
        /// `parsing: .next`, ArgumentParser's default: a value may not start with "-".
        case option
        /// `parsing: .unconditional`: the next word, whatever it is ("-33.9").
        case unconditionalOption
        /// An array option (`.next`), one value each time it is given.
        case repeatableOption
    }

    /// A value its option's type refuses: the list is ArgumentParser's to
    /// parse and report.
    struct Refusal: Error {}

    private var flags: Set<String> = []
    private var values: [String: [String]] = [:]

    /// nil when `words` is not a list this type reads (see the type's comment).
    init?(_ words: some Collection<String>, names table: [String: Kind]) {
        var words = words.makeIterator()
        while let word = words.next() {
            guard word.hasPrefix("--") else { return nil }
            let name = String(word.dropFirst(2))
            guard let kind = table[name] else { return nil }
            switch kind {
            case .flag:
                guard flags.insert(name).inserted else { return nil }
            case .option, .unconditionalOption, .repeatableOption:
                guard let value = words.next() else { return nil }
                if kind != .unconditionalOption, value.hasPrefix("-") { return nil }
                if kind != .repeatableOption, values[name] != nil { return nil }
                values[name, default: []].append(value)
            }
        }
    }

    /// Whether every name given was taken: one the table knows but no
    /// option group takes would otherwise be dropped without a word.
    var isEmpty: Bool { flags.isEmpty && values.isEmpty }

    mutating func flag(_ name: String) -> Bool {
        flags.remove(name) != nil
    }

    /// The value given for `name` as ArgumentParser converts it, or nil when not given.
    mutating func value<Value: ExpressibleByArgument>(_ name: String) throws(Refusal) -> Value? {
        guard let text = values.removeValue(forKey: name)?.first else { return nil }
        guard let value = Value(argument: text) else { throw Refusal() }
        return value
    }

    mutating func value<Value: ExpressibleByArgument>(_ name: String, default: Value) throws(Refusal) -> Value {
        try value(name) ?? `default`
    }

    /// Every value given for a repeatable option, in order.
    mutating func values(_ name: String) -> [String] {
        values.removeValue(forKey: name) ?? []
    }
}
