import ForecastCore

extension ForecastError {
    func renamingService(to name: ServiceName) -> ForecastError {
        switch self {
        case .invalidInput: self
        case .transport(let error, _): .transport(error, service: name)
        case .httpStatus(let status, let reason, _): .httpStatus(status, reason: reason, service: name)
        case .undecodable(let field, let detail, _): .undecodable(field: field, detail: detail, service: name)
        case .emptyData: .emptyData(service: name)
        case .fallbackFailed(let first, let fallback, let failure): .fallbackFailed(first.renamingService(to: name), fallback: fallback, failure: failure)
        }
    }
}
