public import ForecastlyBase
public import NetworkTransport

/// Everything that can go wrong between asking a weather service for a
/// forecast and having one. Locating the place fails with `LocationError`,
/// which the pipeline carries beside it (`ForecastViewState.locationFailed`).
///
/// Each case carries what a person needs to understand it; `summary`,
/// `advice` and `exitStatus` turn it into the two lines the CLI prints.
public enum ForecastError: Error, Sendable, Equatable {
    /// The request itself is wrong (a value out of range, a bad setting).
    case invalidInput(String)
    /// No HTTP answer at all.
    case transport(TransportError, service: ServiceName)
    /// The service answered with an error status; `reason` is its own text.
    case httpStatus(Int, reason: String?, service: ServiceName)
    /// The service answered 200 with something that is not a forecast.
    case undecodable(field: String?, detail: String, service: ServiceName)
    /// A well-formed answer that holds no weather data at all.
    case emptyData(service: ServiceName)
}

extension ForecastError: UserFacingError {
    public var summary: String {
        switch self {
        case .invalidInput(let text):
            return text
        case .transport, .emptyData:
            return summaryMessage?.text ?? ""
        case .httpStatus(let status, let reason, let service):
            // The sentence ends after the quote, so the reason's own full stop goes.
            let quoted = reason.map { ": “\(Self.droppingFullStop($0.strippingTerminalControls(limit: 200)))”" } ?? ""
            switch status {
            case 429: return "\(service) is rate limiting requests from this machine (HTTP 429)\(quoted)."
            case 400: return "\(service) rejected the request (HTTP 400)\(quoted)."
            case 403 where service.wantsIdentification:
                return "\(service) refused the request (HTTP 403): it turns away clients that do not identify themselves."
            case 401 where service.provider == nil, 403 where service.provider == nil: return "\(service) refused the request (HTTP \(status))\(quoted)."
            case 401, 403: return "\(service) refused the API key (HTTP \(status))\(quoted)."
            case 500...599: return "\(service) is having trouble (HTTP \(status))\(quoted)."
            default: return "\(service) answered with HTTP \(status)\(quoted)."
            }
        case .undecodable(let field, let detail, let service):
            let location = field.map { " (field “\($0)”)" } ?? ""
            return "\(service) sent a response forecastly cannot read\(location): \(detail.strippingTerminalControls(limit: 200))."
        }
    }

    /// The summaries said in the user's language: a network that cannot be reached, no data.
    public var summaryMessage: MessageText? {
        switch self {
        case .transport(let error, let service): Self.describe(error, service: service)
        case .emptyData(let service): MessageText("{service} answered, but with no weather data for this place.", ["service": "\(service)"])
        default: nil
        }
    }

    /// The advice said in the user's language, where it is a sentence of its own.
    public var adviceMessage: MessageText? {
        guard case .transport(let error, let service) = self else { return nil }
        switch error {
        case .nameResolutionFailed, .connectionRefused, .connectTimedOut:
            return MessageText("Check the network connection (or {variable}) and try again.", ["variable": service.urlVariable])
        case .responseTimedOut:
            return MessageText("The service may be overloaded; try again in a minute, or raise --timeout.")
        case .cancelled, .other:
            return MessageText("Try again; run with --verbose to see more.")
        case .tlsFailed, .insecureURL, .bodyTooLarge:
            return nil
        }
    }

    public var advice: String? {
        switch self {
        case .invalidInput:
            return "Run 'forecastly --help' for the accepted values."
        case .transport(let error, let service):
            switch error {
            case .nameResolutionFailed, .connectionRefused, .connectTimedOut, .responseTimedOut, .cancelled, .other:
                return adviceMessage?.text
            case .tlsFailed:
                return "If this network asks you to sign in or inspects secure traffic, sign in or use another network; "
                    + "otherwise check the system clock and the CA certificates (package ca-certificates)."
            case .insecureURL:
                return "Use an https:// URL; plain http:// is allowed only for localhost."
            case .bodyTooLarge:
                return "Check \(service.urlVariable) points at a \(service.provider?.name ?? service.text) server."
            }
        case .httpStatus(let status, _, let service):
            switch (status, service.provider) {
            case (429, let provider?): return provider.rateLimitAdvice
            case (400, _): return "Check the coordinates and options; if they look right, report this as a bug."
            case (401, let provider?) where provider.needsKey, (403, let provider?) where provider.needsKey:
                return provider.keyRefusedAdvice
            case (403, _) where service.wantsIdentification:
                return "Set FORECASTLY_CONTACT to your e-mail address or web site so \(service.provider?.name ?? service.text) knows who asks; if it persists, report it."
            case (401, nil), (403, nil): return "It takes no key: try again later, and report it if it persists."
            case (401, let provider?), (403, let provider?): return provider.keyRefusedAdvice
            case (500...599, _): return "Try again in a few minutes."
            default: return "Check \(service.urlVariable) and try again."
            }
        case .undecodable, .emptyData:
            return "Try again later; if it persists, run with --verbose and report it."
        }
    }

    public var exitStatus: ExitStatus {
        switch self {
        case .invalidInput:
            return .usage
        case .transport(let error, _):
            switch error {
            case .connectTimedOut, .responseTimedOut, .cancelled: return .temporaryFailure
            case .insecureURL: return .usage
            case .bodyTooLarge: return .dataError
            case .nameResolutionFailed, .connectionRefused, .tlsFailed, .other: return .unavailable
            }
        case .httpStatus(let status, _, _):
            switch status {
            case 429, 503, 504: return .temporaryFailure
            case 401, 403: return .noPermission
            case 400...499: return .dataError
            default: return .unavailable
            }
        case .undecodable, .emptyData:
            return .dataError
        }
    }

    static func droppingFullStop(_ text: String) -> String {
        text.hasSuffix(".") && !text.hasSuffix("...") ? String(text.dropLast()) : text
    }

    static func describe(_ error: TransportError, service: ServiceName) -> MessageText {
        let name = "\(service)"
        switch error {
        case .nameResolutionFailed(let host):
            return MessageText("Cannot reach {service}: the name {host} does not resolve (no network, or DNS is down).", ["service": name, "host": host])
        case .connectionRefused(let host, let port):
            return MessageText("Cannot reach {service}: {address} refused the connection.", ["service": name, "address": "\(host):\(port)"])
        case .tlsFailed(let host, let detail):
            return MessageText("Cannot reach {service}: the secure connection to {host} failed: {detail}.",
                               ["service": name, "host": host, "detail": detail.strippingTerminalControls(limit: 160)])
        case .connectTimedOut(let host):
            return MessageText("Cannot reach {service}: connecting to {host} timed out.", ["service": name, "host": host])
        case .responseTimedOut(let host):
            return MessageText("{service} ({host}) did not answer in time.", ["service": name, "host": host])
        case .bodyTooLarge(let limit):
            return MessageText("{service} sent more than {size} MiB; a forecast is far smaller, so it was not read.",
                               ["service": name, "size": "\(limit / (1 << 20))"])
        case .insecureURL(let url):
            return MessageText("Refusing to send a location to {url}: it is not HTTPS.", ["url": url.strippingTerminalControls(limit: 120)])
        case .cancelled:
            return MessageText("The request to {service} was cancelled.", ["service": name])
        case .other(let detail):
            return MessageText("Cannot reach {service}: {detail}.", ["service": name, "detail": detail.strippingTerminalControls(limit: 160)])
        }
    }
}

extension ForecastError: CustomStringConvertible {
    public var description: String { userMessage }
}

extension ForecastError {
    /// The network or the service failed (not the request): a stored
    /// forecast is better than nothing.
    public var canFallBackToStored: Bool {
        exitStatus == .unavailable || exitStatus == .temporaryFailure
    }
}
