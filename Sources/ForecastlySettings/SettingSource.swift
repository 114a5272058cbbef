public import ForecastlyBase

/// Where a setting's value came from, as `forecastly config` says it.
/// The order of the cases is the precedence: a flag wins over everything.
public enum SettingSource: Sendable, Equatable, CustomStringConvertible {
    case flag(String)
    case environment(String)
    case file(path: String, line: Int)
    /// The locale variable that decided it, and its value ("LANG", "en_US.UTF-8").
    case locale(variable: String, value: String)
    case builtIn

    public var description: String { message.text }

    /// As `forecastly config` says it, in any language.
    public var message: MessageText {
        switch self {
        case .flag(let name): .verbatim(name)
        case .environment(let name): MessageText("environment {variable}", ["variable": name])
        case .file(let path, let line): MessageText("{path} line {line}", ["path": path, "line": "\(line)"])
        case .locale(let variable, let value): MessageText("locale {setting}", ["setting": "\(variable)=\(value.strippingTerminalControls(limit: 60))"])
        case .builtIn: MessageText("built-in default")
        }
    }
}

/// A setting's value and where it came from.
public struct Setting<Value: Sendable>: Sendable {
    public let value: Value
    public let source: SettingSource

    public init(_ value: Value, from source: SettingSource) {
        self.value = value
        self.source = source
    }
}

extension Setting: Equatable where Value: Equatable {}
