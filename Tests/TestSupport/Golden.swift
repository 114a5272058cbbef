import Foundation
public import Testing

/// Compares output with a file under Tests/Fixtures/golden. Run the tests
/// with FORECASTLY_UPDATE_GOLDEN=1 to write the files after a deliberate
/// change, then review the diff before committing.
public enum Golden {
    public static func check(_ actual: String, against name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let url = Fixtures.url("golden/\(name)")
        if ProcessInfo.processInfo.environment["FORECASTLY_UPDATE_GOLDEN"] == "1" {
            try? actual.write(to: url, atomically: true, encoding: .utf8)
            return
        }
        guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
            Issue.record("missing golden file \(name); run with FORECASTLY_UPDATE_GOLDEN=1", sourceLocation: sourceLocation)
            return
        }
        #expect(actual == expected, "output differs from golden/\(name)", sourceLocation: sourceLocation)
    }
}
