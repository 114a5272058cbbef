import ArgumentParser
import ForecastlySettings
import Foundation

/// `forecastly config`: every setting a forecast would use now, and where
/// each came from; with no file yet, an example to start one.
struct ConfigCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: "Show the settings a forecast uses and where each comes from (config.toml, the environment, the locale).",
        discussion: """
        The file is $XDG_CONFIG_HOME/forecastly/config.toml
        (~/.config/forecastly/config.toml).
        For each setting the first that gives it wins: the flag, the environment
        variable, the file, the locale, the built-in default. A key in the file
        is used only when the file is readable by you alone (chmod 600).
        """
    )

    @Flag(help: "Print only the file's path.")
    var path = false

    func run() throws {
        let environment = ProcessEnvironment.variables
        let filePath = ConfigurationFile.defaultPath(environment: environment)
        if path {
            Terminal.standardOutput.writeDocument(filePath + "\n")
            return
        }
        // A file with mistakes is shown too: what it gives, and each wrong line.
        let (file, problems) = ConfigurationFile.loadWithProblems(path: filePath)
        let settings = try Settings.resolve(flags: Settings.Flags(), environment: environment, file: file)
        let exists = file != nil || problems.contains { $0.line != nil }
        let words = settings.words.forASCII(Terminal.asciiOnly)
        Terminal.standardOutput.write(settings.summary(file: filePath, exists: exists || FileManager.default.fileExists(atPath: filePath),
                                                       problems: problems, words: words))
        if !problems.isEmpty {
            let said = problems.count == 1
                ? words("{path} has a line forecastly cannot use, marked with ! above; fix or remove it.", ["path": filePath])
                : words("{path} has lines forecastly cannot use, marked with ! above ({count}); fix or remove them.",
                        ["path": filePath, "count": "\(problems.count)"])
            Terminal.standardError.writeLine("forecastly: " + said)
            throw SilentExit(status: .configuration)
        }
    }
}
