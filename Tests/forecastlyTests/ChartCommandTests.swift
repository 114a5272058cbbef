import Foundation
import Testing
import TestSupport

/// `forecastly chart --svg FILE` writes the file as `> FILE` would, and
/// never replaces what is not a file.
@Suite struct ChartCommandTests {
    static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("forecastly-chart-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    static func chart(to path: String, in folder: URL) async throws -> CLIResult {
        try await chartAsking(to: path, in: folder).result
    }

    /// The run, and how many requests reached the weather service.
    static func chartAsking(to path: String, in folder: URL) async throws -> (result: CLIResult, requests: Int) {
        try await StubHTTPServer.with(always: .json(FullResponse.json(at: Date()))) { server in
            let result = try await CLI.run(["chart", "--lat", "59.91", "--lon", "10.75", "--svg", path], server: server, directory: folder)
            return (result, server.requestCount)
        }
    }

    /// The README's example, as a user types it: a bare file name lands in
    /// the working directory.
    @Test func aBareFileNameIsWrittenInTheWorkingDirectory() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try await Self.chart(to: "oslo.svg", in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let svg = try String(contentsOf: folder.appendingPathComponent("oslo.svg"), encoding: .utf8)
        #expect(svg.hasPrefix("<?xml") || svg.hasPrefix("<svg"))
        #expect(result.stderr.contains("chart written to oslo.svg"))
    }

    /// `forecastly chart Oslo`: the place as the first word, as the forecast
    /// and `sky` take it; once, not beside --city.
    @Test func thePlaceIsTheFirstWord() async throws {
        try await StubHTTPServer.with(always: .json(FullResponse.json(at: Date()))) { server in
            let result = try await CLI.run(["chart", "Oslo", "--svg", "-"], server: server)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.contains("<svg") && result.stdout.contains("Oslo"), "\(result.stdout.prefix(300))")
            let asked = try #require(server.requests.first { $0.path == "/v1/forecast" })
            #expect(asked.query["latitude"]?.hasPrefix("59.9") == true, "\(asked.query)")
            let twice = try await CLI.run(["chart", "Oslo", "--city", "Bergen", "--svg", "-"], server: server)
            #expect(twice.status == 64 && twice.stderr.contains("Give the place once"), "\(twice.stderr)")
        }
    }

    @Test func anExistingFileKeepsItsModeAndASymlinkIsWrittenThrough() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = folder.appendingPathComponent("private.svg")
        try Data("old".utf8).write(to: target)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: target.path)
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("link.svg").path, withDestinationPath: target.path)
        let result = try await Self.chart(to: "link.svg", in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let attributes = try FileManager.default.attributesOfItem(atPath: target.path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        #expect(try String(contentsOf: target, encoding: .utf8).contains("<svg"))
        let link = try FileManager.default.destinationOfSymbolicLink(atPath: folder.appendingPathComponent("link.svg").path)
        #expect(link == target.path)  // still a link
    }

    /// What is not a file is refused with one line and exit 73, and left as it was.
    @Test(arguments: ["/dev/full", "/dev/null", ".", "fifo"])
    func whatIsNotAFileIsRefused(path: String) async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        if path == "fifo" { #expect(mkfifo(folder.appendingPathComponent("fifo").path, 0o644) == 0) }
        let (result, requests) = try await Self.chartAsking(to: path, in: folder)
        #expect(result.status == 73, "\(result.stderr)")
        #expect(requests == 0, "refused before the forecast was asked for, as a shell refuses a redirection")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(result.stderr.contains("not a file"))
        if path.hasPrefix("/dev/") {
            var status = stat()
            #expect(stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFCHR)  // still a device
        }
    }

    @Test func aMissingDirectoryIsNotCreated() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (result, requests) = try await Self.chartAsking(to: "missing/oslo.svg", in: folder)
        #expect(result.status == 73, "\(result.stderr)")
        #expect(requests == 0)
        #expect(result.stderr.contains("Cannot create “missing/oslo.svg”: no such file or directory."))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("missing").path))
    }
}
