@testable import ForecastStore
import GRDB
import Testing
import TestSupport

/// Every store error names the file and keeps the promise of one clean line
/// (`ErrorCase`).
@Suite struct StoreErrorMessageTests {
    static let path = "/home/ana/.local/share/forecastly/forecastly.sqlite"
    static let hostile = ErrorCase.hostile

    static let cases: [ErrorCase] = [
        ErrorCase(StoreError.corrupt(path: path, detail: .verbatim(hostile)), names: path),
        ErrorCase(StoreError.foreign(path: path), names: path),
        ErrorCase(StoreError.unavailable(path: path, detail: .verbatim(hostile)), names: path),
        ErrorCase(StoreError.newerVersion(path: path), names: path),
    ]

    @Test(arguments: cases)
    func isOneCleanLineWithANextStepAndASysexitsStatus(_ item: ErrorCase) {
        #expect(item.brokenPromises.isEmpty, "\(item.brokenPromises)")
    }

    /// A refusal to write names SQLite's exact reason when it has one more
    /// precise than the family's, for a bug report; the family alone otherwise.
    @Test func aRefusalToWriteKeepsSQLitesExactCode() {
        let recovery = SQLiteStore.describe(DatabaseError(resultCode: .SQLITE_READONLY_RECOVERY), path: Self.path)
        #expect(recovery.summary.contains("permission denied or read-only (SQLite code 264)"), "\(recovery.summary)")
        let plain = SQLiteStore.describe(DatabaseError(resultCode: .SQLITE_READONLY), path: Self.path)
        #expect(plain.summary.contains("permission denied or read-only") && !plain.summary.contains("SQLite code"), "\(plain.summary)")
        #expect(recovery.exitStatus == .cannotCreate)
    }
}
