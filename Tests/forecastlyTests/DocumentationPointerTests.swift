import Foundation
import Testing

/// What forecastly tells a person to read exists: every "the X article of
/// Y's documentation" (and "Y's X article", "the DocC article X") in the
/// code names an article that is there, and nothing points to the README
/// for what it no longer holds (the JSON schema, the scenario format).
@Suite struct DocumentationPointerTests {
    static let sources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources")

    static func codeLines() throws -> [(file: String, line: String)] {
        let files = FileManager.default.enumerator(atPath: sources.path)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
        return try files.flatMap { file in
            try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8).split(separator: "\n")
                .filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }.map { (file, String($0)) }
        }
    }

    @Test func everyArticleNamedExists() throws {
        var named = 0
        for (file, line) in try Self.codeLines() {
            var pointers: [(article: String, target: String?)] = []
            for match in line.matches(of: /the (\w+) article of (\w+)'s documentation/) { pointers.append((String(match.output.1), String(match.output.2))) }
            for match in line.matches(of: /(\w+)'s (\w+) article/) { pointers.append((String(match.output.2), String(match.output.1))) }
            for match in line.matches(of: /the DocC article (\w+)/) { pointers.append((String(match.output.1), nil)) }
            for pointer in pointers {
                named += 1
                let catalogs = try FileManager.default.contentsOfDirectory(atPath: Self.sources.path)
                    .filter { pointer.target == nil || $0 == pointer.target }
                    .map { Self.sources.appendingPathComponent("\($0)/\($0).docc/\(pointer.article).md").path }
                #expect(catalogs.contains(where: FileManager.default.fileExists), "\(file): no article \(pointer.article) in \(pointer.target ?? "any catalog")")
            }
        }
        #expect(named >= 4)
    }

    @Test func nothingSendsAReaderToTheReadmeForAReference() throws {
        let offenders = try Self.codeLines().filter { $0.line.contains("in the README") || $0.line.contains("in README") }
        #expect(offenders.isEmpty, "\(offenders.map { "\($0.file): \($0.line)" })")
    }
}
