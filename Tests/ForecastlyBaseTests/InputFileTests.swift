import ForecastlyBase
import Foundation
import Testing

/// A file the user names for input is read to its end, and what is not a
/// file or a pipe is refused by name.
@Suite struct InputFileTests {
    @Test func aFileIsReadWhole() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("input-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let bytes = (0..<3_000_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }  // more than one read
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        #expect(try InputFile.bytes(at: path, limit: 4 << 20) == bytes)
        #expect(throws: InputFile.Failure.tooLarge(limit: 1 << 20)) { try InputFile.bytes(at: path, limit: 1 << 20) }
    }

    @Test(arguments: [
        ("/nonexistent/file", InputFile.Failure.missing, "no such file"),
        ("/tmp", .directory, "it is a directory"),
        ("/dev/zero", .device, "it is a device, not a file"),
    ])
    func whatIsNoFileIsRefusedByName(path: String, failure: InputFile.Failure, reason: String) {
        #expect(throws: failure) { try InputFile.bytes(at: path, limit: 1 << 20) }
        #expect(failure.reason.text == reason)
    }
}
