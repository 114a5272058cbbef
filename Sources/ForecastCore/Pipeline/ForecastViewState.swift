public import ForecastlyBase
public import LocationProvider

/// What a screen showing a forecast is doing. The cases carry exactly the
/// data each state has: there is no "loaded but also failed", and a failure
/// holds no partial forecast.
public enum ForecastViewState: Sendable, Equatable {
    case idle
    /// Location permission has not been decided yet (a prompt is showing).
    case waitingForAuthorization
    /// Permission is granted; asking the location source.
    case locating(LocationSourceKind)
    case loading(ForecastRequest)
    case loaded(Forecast)
    /// The weather service failed.
    case failed(ForecastError)
    /// Locating failed: not permitted, or no source answered.
    case locationFailed(LocationError)

    public var isLoading: Bool {
        if case .loading = self { return true }
        return false
    }
}

/// What can happen to a `ForecastViewState`.
public enum ForecastViewEvent: Sendable, Equatable {
    case awaitAuthorization
    case locate(LocationSourceKind)
    case load(ForecastRequest)
    case succeed(Forecast)
    case fail(ForecastError)
    case failToLocate(LocationError)
    case reset
}

/// An event that makes no sense in the current state, such as a result
/// arriving when nothing was loading. Rejected rather than absorbed, so a
/// bug shows up in tests instead of as a stale screen.
public struct InvalidForecastTransition: Error, Sendable, Equatable {
    public let state: ForecastViewState
    public let event: ForecastViewEvent
}

extension ForecastViewState {
    /// The transition table, as one pure function.
    ///
    /// | from \ event           | awaitAuthorization | locate   | load    | succeed | fail   | failToLocate   | reset |
    /// |------------------------|--------------------|----------|---------|---------|--------|----------------|-------|
    /// | idle                   | waiting            | locating | loading | ✗       | ✗      | ✗              | idle  |
    /// | waitingForAuthorization| ✗                  | locating | ✗       | ✗       | failed | locationFailed | idle  |
    /// | locating               | ✗                  | ✗        | loading | ✗       | failed | locationFailed | idle  |
    /// | loading                | ✗                  | ✗        | ✗       | loaded  | failed | ✗              | idle  |
    /// | loaded                 | waiting            | locating | loading | ✗       | ✗      | ✗              | idle  |
    /// | failed, locationFailed | waiting            | locating | loading | ✗       | ✗      | ✗              | idle  |
    public func applying(_ event: ForecastViewEvent) throws(InvalidForecastTransition) -> ForecastViewState {
        switch (self, event) {
        case (.idle, .awaitAuthorization), (.loaded, .awaitAuthorization), (.failed, .awaitAuthorization),
             (.locationFailed, .awaitAuthorization):
            return .waitingForAuthorization
        case (.idle, .locate(let source)), (.waitingForAuthorization, .locate(let source)),
             (.loaded, .locate(let source)), (.failed, .locate(let source)), (.locationFailed, .locate(let source)):
            return .locating(source)
        case (.idle, .load(let request)), (.locating, .load(let request)), (.loaded, .load(let request)),
             (.failed, .load(let request)), (.locationFailed, .load(let request)):
            return .loading(request)
        case (.loading, .succeed(let forecast)):
            return .loaded(forecast)
        case (.waitingForAuthorization, .fail(let error)), (.locating, .fail(let error)), (.loading, .fail(let error)):
            return .failed(error)
        case (.waitingForAuthorization, .failToLocate(let error)), (.locating, .failToLocate(let error)):
            return .locationFailed(error)
        case (_, .reset):
            return .idle
        default:
            throw InvalidForecastTransition(state: self, event: event)
        }
    }
}
