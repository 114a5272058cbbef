import ForecastlyBase
import Foundation
import Testing
import TestSupport

@Suite struct UserFacingErrorTests {
    /// The guard at the one place every message passes, for errors defined
    /// elsewhere (the CLI's own, a program embedding the library).
    @Test func theLineIsCleanedEvenWhenACaseForgets() {
        struct Careless: UserFacingError {
            var summaryMessage: MessageText { MessageText("The server said {text}", ["text": "\u{1B}]0;owned\u{7}hello\nthere\u{9B}31m"]) }
            var adviceMessage: MessageText? { .verbatim("Try \u{1B}[1manother\u{1B}[0m one.") }
            let exitStatus = ForecastlyBase.ExitStatus.unavailable  // Testing has an ExitStatus too
        }
        #expect(Careless().userMessage == "The server said hello there. Try another one.")
        // The same guard in any language.
        #expect(Careless().userMessage { $0 == "The server said {text}" ? "Der Server sagte {text}" : $0 } == "Der Server sagte hello there. Try another one.")
    }
}

/// A message is its English template and values; a language gives the template.
@Suite struct MessageTextTests {
    @Test func aValueIsNeverFilledInItself() {
        let message = MessageText("Cannot reach {service}: {detail}.", ["service": "example.org", "detail": "{service} said no"])
        #expect(message.text == "Cannot reach example.org: {service} said no.")
    }

    @Test func messagesInsideAreSaidInTheSameLanguage() {
        let inner = MessageText("gpsd is not running on {address}.", ["address": "localhost:2947"])
        let outer = MessageText("No location source answered: {reasons}", messages: ["reasons": [inner, .verbatim("ipwho.is: HTTP 503.")]])
        #expect(outer.text == "No location source answered: gpsd is not running on localhost:2947. ipwho.is: HTTP 503.")
        let german = ["No location source answered: {reasons}": "Keine Ortungsquelle hat geantwortet: {reasons}",
                      "gpsd is not running on {address}.": "gpsd läuft nicht auf {address}."]
        #expect(outer.said { german[$0] ?? $0 } == "Keine Ortungsquelle hat geantwortet: gpsd läuft nicht auf localhost:2947. ipwho.is: HTTP 503.")
    }

    @Test func verbatimTextIsNeverLookedUp() {
        #expect(MessageText.verbatim("Now").said { _ in "Jetzt" } == "Now")
        #expect(MessageText.verbatim("{x}").text == "{x}")
    }

    @Test func aPlaceholderWithoutAValueStays() {
        #expect(MessageText("Use %{code} or {unknown}", ["code": "T"]).text == "Use %T or {unknown}")
    }

    @Test func itTravelsAsJSON() throws {
        let message = MessageText("{error} Fetching a new one.", messages: ["error": [MessageText("A {x}", ["x": "y"])]])
        #expect(try JSONDecoder().decode(MessageText.self, from: JSONEncoder().encode(message)) == message)
    }
}

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
}
