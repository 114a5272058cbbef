import Foundation
import Testing
import TestSupport

/// Properties of the built binary itself rather than of a command.
@Suite struct BinaryTests {
    /// libgps is loaded only when a gpsd source is used: called directly,
    /// it made every run load it and the nine libraries it needs before main,
    /// and the binary would not start on a machine without it. With every
    /// call bound at start-up (LD_BIND_NOW), the dynamic loader lists each
    /// symbol the binary takes from a library; none may come from libgps.
    @Test func takesNothingFromLibgps() async throws {
        let result = try await CLI.run(["--version"], environment: ["LD_BIND_NOW": "1", "LD_DEBUG": "bindings"])
        #expect(result.status == 0)
        let bindings = result.stderr.split(separator: "\n").filter { $0.contains("binding file \(CLI.binary.path) ") }
        #expect(bindings.contains { $0.contains("libc.so.6") }) // the loader did report the binary's bindings
        #expect(!bindings.contains { $0.contains("libgps") })
    }

    /// A command-line tool is one file: the binary copied alone into an
    /// empty directory, with a cache of its own, knows every bundled place
    /// (its search, --city and the name of typed coordinates), as in the
    /// build tree. Its place data used to be a resource directory beside it.
    @Test func aBinaryCopiedAloneKnowsEveryPlace() async throws {
        let lonely = FileManager.default.temporaryDirectory.appendingPathComponent("lonely-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: lonely.appendingPathComponent("cache"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: lonely) }
        let copy = lonely.appendingPathComponent("forecastly")
        try FileManager.default.copyItem(at: CLI.binary, to: copy)
        let ownCache = ["XDG_CACHE_HOME": lonely.appendingPathComponent("cache").path]

        try await StubHTTPServer.with(handler: FullResponse.handler()) { server in
            let search = try await CLI.run(["cities", "search", "Berl"], environment: ownCache, executable: copy.path)
            let city = try await CLI.run(["--city", "Berlin", "--format", "%l"], server: server, environment: ownCache, executable: copy.path)
            let typed = try await CLI.run(["--lat", "52.52", "--lon", "13.40", "--format", "%l"], server: server,
                                          environment: ownCache, executable: copy.path)

            #expect(search.status == 0, "\(search.stderr)")
            #expect(search.stdout.split(separator: "\n").first?.contains("Berlin, DE") == true, "\(search.stdout)")
            #expect(city.status == 0, "\(city.stderr)")
            #expect(city.stdout == "Berlin, DE\n")
            #expect(server.requests.first?.query["latitude"] == "52.52437")
            #expect(typed.stdout == "Berlin, DE\n", "\(typed.stderr)")
            // Nothing was looked for beside the binary, and nothing was put there.
            #expect(try FileManager.default.contentsOfDirectory(atPath: lonely.path).sorted() == ["cache", "forecastly"])
        }
    }
}
