import Foundation
import Testing
import TestSupport

/// The documentation says what the code does: every file the README's
/// architecture section names exists where it says, and every Swift example
/// in the README's library section and in the DocC articles is code from
/// the example package (`Examples/LibraryClient`), which CI compiles and
/// tests against the library.
@Suite struct DocumentationTests {
    static let root = Fixtures.directory.deletingLastPathComponent().deletingLastPathComponent()

    static func text(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    /// The README between two headings.
    static func section(from start: String, to end: String) throws -> String {
        let readme = try text("README.md")
        let from = try #require(readme.range(of: start))
        let to = try #require(readme.range(of: end, range: from.upperBound..<readme.endIndex))
        return String(readme[from.upperBound..<to.lowerBound])
    }

    static func files(under folder: String, ending suffix: String) -> [String] {
        let base = root.appendingPathComponent(folder)
        let walker = FileManager.default.enumerator(atPath: base.path)
        return (walker?.allObjects as? [String] ?? []).filter { $0.hasSuffix(suffix) }.map { "\(folder)/\($0)" }
    }

    @Test func everyFileTheArchitectureSectionNamesExists() throws {
        let section = try Self.section(from: "## Architecture", to: "## Development")
        let named = section.matches(of: /`([A-Za-z0-9_\/+.-]+\.(swift|h|md))`/).map { String($0.output.1) }
        #expect(named.count >= 20, "the walk names the files it passes through")
        let sources = Self.files(under: "Sources", ending: "")
        for name in Set(named) {
            // "Running/ForecastRun.swift" is the CLI's; "ForecastStore/StoredAnswer.swift" names its
            // target; a bare file name is found in any target.
            let found = sources.contains { $0 == "Sources/forecastly/\(name)" || $0 == "Sources/\(name)" || $0.hasSuffix("/\(name)") }
                || FileManager.default.fileExists(atPath: Self.root.appendingPathComponent(name).path)
            #expect(found, "the architecture section names \(name), which does not exist")
        }
    }

    /// Every FORECASTLY_ variable the code reads is in the help (the root
    /// help's Environment list, and the man page made from it; the story's
    /// control socket in the help of 'simulate ctl', which uses it).
    @Test func everyEnvironmentVariableIsInTheHelp() async throws {
        var read = Set<String>()
        for file in Self.files(under: "Sources", ending: ".swift") where !file.hasPrefix("Sources/ForecastlyTesting/") {
            read.formUnion(try Self.text(file).matches(of: /"(FORECASTLY_[A-Z][A-Z_]*)"/).map { String($0.output.1) })
        }
        #expect(read.count >= 20, "the sources name the variables they read: \(read.sorted())")
        let help = try await CLI.run(["--help"]).stdout + CLI.run(["simulate", "ctl", "--help"]).stdout
        for variable in read.sorted() {
            #expect(help.contains(variable), "\(variable) is read but not in the help")
        }
    }

    /// Lines without their indentation, blank lines left out.
    static func lines(_ text: some StringProtocol) -> [String] {
        text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    static func swiftBlocks(_ markdown: String) -> [String] {
        markdown.matches(of: /```swift\n((?s).*?)```/).map { String($0.output.1) }
    }

    @Test func everyLibraryExampleIsCodeTheExamplePackageCompiles() throws {
        let example = Self.files(under: "Examples/LibraryClient/Sources", ending: ".swift")
            + Self.files(under: "Examples/LibraryClient/Tests", ending: ".swift")
        let compiled = try example.map { Self.lines(try Self.text($0)) }
        var blocks = Self.swiftBlocks(try Self.section(from: "## Using the library", to: "### Documentation"))
        #expect(blocks.count >= 3, "the library section shows the application's API")
        for article in Self.files(under: "Sources", ending: ".md") where article.contains(".docc/") {
            blocks += Self.swiftBlocks(try Self.text(article))
        }
        #expect(blocks.count >= 6)
        for block in blocks {
            let wanted = Self.lines(block)
            let found = compiled.contains { file in
                file.indices.contains { start in Array(file.dropFirst(start).prefix(wanted.count)) == wanted }
            }
            #expect(found, "not in Examples/LibraryClient:\n\(block)")
        }
    }
}
