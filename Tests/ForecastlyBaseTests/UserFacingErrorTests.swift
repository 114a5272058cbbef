import ForecastlyBase
import Foundation
import Testing
import TestSupport

@Suite struct UserFacingErrorTests {
    /// The guard at the one place every message passes, for errors defined
    /// elsewhere (the CLI's own, a program embedding the library).
    @Test func theLineIsCleanedEvenWhenACaseForgets() {
        struct Careless: UserFacingError {
            var summary: String { "The server said \u{1B}]0;owned\u{7}hello\nthere\u{9B}31m" }
            var advice: String? { "Try \u{1B}[1manother\u{1B}[0m one." }
            let exitStatus = ForecastlyBase.ExitStatus.unavailable  // Testing has an ExitStatus too
        }
        #expect(Careless().userMessage == "The server said hello there. Try another one.")
    }
}

@Suite struct OutputFileTests {
    @Test(arguments: [
        OutputFile.Failure.notAFile(path: "/dev/full", kind: "a device"),
        .cannotCreate(path: "/missing/\u{1B}[2Jx.svg", reason: "no such file or directory"),
        .writeFailed(path: "/mnt/full/x.svg", reason: "no space left on device"),
    ])
    func everyFailureIsOneCleanLineNamingThePath(_ failure: OutputFile.Failure) {
        #expect(ErrorCase(failure).brokenPromises.isEmpty, "\(ErrorCase(failure).brokenPromises)")
        #expect(failure.userMessage.contains(".svg”") || failure.userMessage.contains("“/dev/full”"))
        #expect([73, 74].contains(failure.exitStatus.rawValue))
    }

    @Test func aNewFileGetsTheUsualModeAndAnOldOneKeepsItsOwn() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("output-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let new = folder.appendingPathComponent("new.txt").path
        try OutputFile.write(Array("one".utf8), to: new)
        let mask = umask(0); umask(mask)
        #expect(try FileManager.default.attributesOfItem(atPath: new)[.posixPermissions] as? Int == Int(0o666 & ~mask))
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: new)
        try OutputFile.write(Array("two, longer".utf8), to: new)
        try OutputFile.write(Array("3".utf8), to: new)
        #expect(try String(contentsOfFile: new, encoding: .utf8) == "3")  // truncated, not overwritten in place
        #expect(try FileManager.default.attributesOfItem(atPath: new)[.posixPermissions] as? Int == 0o640)
    }
}
