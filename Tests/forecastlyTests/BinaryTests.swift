import Testing

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
}
