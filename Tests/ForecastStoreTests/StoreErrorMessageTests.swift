@testable import ForecastStore
import Testing
import TestSupport

/// Every store error names the file and keeps the promise of one clean line
/// (`ErrorCase`).
@Suite struct StoreErrorMessageTests {
    static let path = "/home/ana/.local/share/forecastly/forecastly.sqlite"
    static let hostile = ErrorCase.hostile

    static let cases: [ErrorCase] = [
        ErrorCase(StoreError.corrupt(path: path, detail: hostile), names: path),
        ErrorCase(StoreError.foreign(path: path), names: path),
        ErrorCase(StoreError.unavailable(path: path, detail: hostile), names: path),
        ErrorCase(StoreError.newerVersion(path: path), names: path),
    ]

    @Test(arguments: cases)
    func isOneCleanLineWithANextStepAndASysexitsStatus(_ item: ErrorCase) {
        #expect(item.brokenPromises.isEmpty, "\(item.brokenPromises)")
    }
}
