import ForecastlyBase
import Foundation
import Glibc
import Testing
import TestSupport

/// A file the user named is written as a shell redirection writes it, and
/// `check` says beforehand what `write` would refuse, touching nothing.
@Suite struct OutputFileTests {
    @Test(arguments: [
        OutputFile.Failure.notAFile(path: "/dev/full", kind: .device),
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

    static func folder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("output-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test func aNewFileInAnExistingDirectoryPassesAndIsNotCreated() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try OutputFile.check(folder + "/chart.svg")
        #expect(!FileManager.default.fileExists(atPath: folder + "/chart.svg"))
    }

    @Test func anExistingFilePassesAndKeepsItsContent() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data("kept".utf8).write(to: URL(fileURLWithPath: folder + "/chart.svg"))
        try OutputFile.check(folder + "/chart.svg")
        #expect(try String(contentsOfFile: folder + "/chart.svg", encoding: .utf8) == "kept")
    }

    /// Each refusal is the one `write` gives for the same path.
    @Test(arguments: ["missing/chart.svg", "file/chart.svg", ".", "/dev/null"])
    func whatWriteWouldRefuseIsRefused(path: String) throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data("x".utf8).write(to: URL(fileURLWithPath: folder + "/file"))
        let full = path.hasPrefix("/") ? path : folder + "/" + path
        let checked = #expect(throws: OutputFile.Failure.self) { try OutputFile.check(full) }
        let written = #expect(throws: OutputFile.Failure.self) { try OutputFile.write([1], to: full) }
        #expect(checked == written)
        switch path {
        case "missing/chart.svg": #expect(checked == .cannotCreate(path: full, reason: "no such file or directory"))
        case "file/chart.svg": #expect(checked == .cannotCreate(path: full, reason: "not a directory"))
        case ".": #expect(checked == .notAFile(path: full, kind: .directory))
        default: #expect(checked == .notAFile(path: full, kind: .device))
        }
        #expect(!FileManager.default.fileExists(atPath: folder + "/missing"))
    }
}
