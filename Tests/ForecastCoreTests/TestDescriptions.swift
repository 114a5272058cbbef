@testable import ForecastCore
import ForecastlyBase
import Testing

extension ForecastViewState: CustomTestStringConvertible {
    public var testDescription: String {
        switch self {
        case .idle: "idle"
        case .waitingForAuthorization: "waitingForAuthorization"
        case .locating: "locating"
        case .loading: "loading"
        case .loaded: "loaded"
        case .failed: "failed"
        case .locationFailed: "locationFailed"
        }
    }
}

extension ForecastViewEvent: CustomTestStringConvertible {
    public var testDescription: String {
        switch self {
        case .awaitAuthorization: "awaitAuthorization"
        case .locate: "locate"
        case .load: "load"
        case .succeed: "succeed"
        case .fail: "fail"
        case .failToLocate: "failToLocate"
        case .reset: "reset"
        }
    }
}
