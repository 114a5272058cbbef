import ArgumentParser
import Foundation
@testable import forecastly
import Testing

/// The forecast command read without ArgumentParser must be exactly the one
/// ArgumentParser parses, or not be read at all.
@Suite struct SimpleArgumentsTests {
    /// Lists people and status bars use every day; each must be read, and
    /// read as ArgumentParser reads it.
    static let readLists: [[String]] = [
        [], ["forecast"],
        ["--lat", "50.45", "--lon", "30.52"],
        ["forecast", "--lat", "-33.9", "--lon", "18.4", "--units", "imperial"],
        ["--lon", "-0.1278", "--lat", "51.5074", "--json", "--days", "16", "--hours", "0"],
        ["--lat", " 50.45\t", "--lon", "+30.52"],
        ["--city", "Kyiv"],
        ["--city", "Kyiv", "--city", "Lviv, UA", "--json"],
        ["--oneline", "--city", "Paris, FR", "--no-color"],
        ["--format", "%l: %c %t", "--verbose", "--lat", "1", "--lon", "2"],
        ["--hours", "48", "--days", "1", "--lat", "0", "--lon", "180"],
        ["--source", "ip", "--gps-timeout", "3"],
        ["--source", "gpsd", "--gpsd", "pi.local:2947", "--gps-timeout", "300"],
        ["--source", "manual", "--offline"],
        ["--refresh", "--max-age", "1h30m", "--timeout", "30.5"],
        ["--max-age", "0", "--api-key", "secret-key", "--lat", "1", "--lon", "2"],
        ["--api-key", "", "--lat", "1", "--lon", "2"],
        ["--watch", "--interval", "15m", "--city", "Zagreb"],
        ["--watch", "--interval", "900", "--lat", "45.81", "--lon", "15.98", "--oneline"],
    ]

    @Test(arguments: readLists)
    func readsTheListAsArgumentParserDoes(_ arguments: [String]) throws {
        let simple = try #require(ForecastCommand(simpleArguments: arguments), "not read: \(arguments)")
        let parsed = try #require(try ForecastlyCommand.parseAsRoot(arguments) as? ForecastCommand)
        #expect(Self.values(of: simple) == Self.values(of: parsed))
    }

    /// Lists whose reading, or whose error, is ArgumentParser's.
    static let refusedLists: [[String]] = [
        ["--help"], ["-h"], ["--version"], ["forecast", "--help"], ["help"],
        ["--lat=50.45", "--lon=30.52"],               // another spelling
        ["--days", "3", "--days", "4"],               // repeated
        ["--json", "--json"],
        ["--lat", "1", "--lon", "2", "--units"],      // no value
        ["--units", "kelvin"],                        // a value its type refuses
        ["--days", "three"], ["--max-age", "soon"], ["--timeout", "x"], ["--timeout", "nan"],
        ["--city", "-Kyiv"], ["--format", "--json"],  // a value that looks like an option
        ["--lat", "91", "--lon", "0"], ["--lat", "50"], ["--days", "17"], ["--json", "--oneline"], // validate() refuses
        ["--offline", "--refresh"], ["--watch", "--interval", "5s"],
        ["--lat", "1", "--lon", "2", "tomorrow"], ["--lat", "1", "--lon", "2", "--"], ["--", "--lat", "1"],
        ["compare", "Kyiv"], ["notes", "list"], ["about"], ["--Lat", "1", "--lon", "2"], ["---completion"],
    ]

    @Test(arguments: refusedLists)
    func leavesTheRestToArgumentParser(_ arguments: [String]) {
        #expect(ForecastCommand(simpleArguments: arguments) == nil, "read: \(arguments)")
    }

    /// The comparison above sees every value: lists that differ in one
    /// option only give different values.
    @Test func valuesTellEveryOptionApart() throws {
        let base = ["--lat", "1", "--lon", "2"]
        let variants: [[String]] = [
            [], ["--days", "3"], ["--hours", "3"], ["--units", "imperial"], ["--json"], ["--format", "%t"],
            ["--oneline"], ["--no-color"], ["--verbose"], ["--source", "ip"], ["--gpsd", "pi:1"],
            ["--gps-timeout", "3"], ["--api-key", "k"], ["--timeout", "3"], ["--max-age", "1m"],
            ["--max-age", "1m1s"], ["--refresh"], ["--watch"], ["--interval", "11m"],
        ]
        let values = try variants.map { variant in
            try Self.values(of: #require(ForecastCommand(simpleArguments: base + variant)))
        }
        #expect(Set(values).count == variants.count)
        let cities = try Self.values(of: #require(ForecastCommand(simpleArguments: ["--city", "A", "--city", "B"])))
        let reversed = try Self.values(of: #require(ForecastCommand(simpleArguments: ["--city", "B", "--city", "A"])))
        #expect(cities != reversed)
    }

    /// The table names every option and flag of `forecast`, each taking its
    /// value as ArgumentParser's description of the command says.
    @Test func namesEveryOptionOfTheCommand() async throws {
        let result = try await CLI.run(["forecast", "--experimental-dump-help"])
        #expect(result.status == 0)
        let info = try JSONDecoder().decode(ToolInfo.self, from: Data(result.stdout.utf8))
        var described: [String: SimpleArguments.Kind] = [:]
        for argument in info.command.arguments {
            let long = try #require(argument.names?.first { $0.kind == "long" }?.name, "\(argument)")
            guard long != "help", long != "version" else { continue } // ArgumentParser's own
            switch (argument.kind, argument.parsingStrategy, argument.isRepeating) {
            case ("flag", _, false): described[long] = .flag
            case ("option", "unconditional", false): described[long] = .unconditionalOption
            case ("option", "default", false): described[long] = .option
            case ("option", "default", true): described[long] = .repeatableOption
            default: Issue.record("--\(long): no kind for \(argument)")
            }
        }
        #expect(described.count > 15)
        #expect(described == ForecastCommand.simpleArgumentNames)
    }

    /// Every value the command holds, group by group: the parsed state of
    /// each option group (not its help title, which parsing does not keep).
    private static func values(of command: ForecastCommand) -> String {
        var text = ""
        for group in Mirror(reflecting: command).children {
            text += "\(group.label ?? "?"):\n"
            dump(Mirror(reflecting: group.value).descendant("_parsedValue") as Any, to: &text)
        }
        return text
    }

    /// The part of ArgumentParser's `--experimental-dump-help` the test reads.
    private struct ToolInfo: Decodable {
        struct Command: Decodable { var arguments: [Argument] }
        struct Argument: Decodable {
            struct Name: Decodable { var kind: String; var name: String }
            var names: [Name]?
            var kind: String
            var parsingStrategy: String
            var isRepeating: Bool
        }
        var command: Command
    }
}
