public import ForecastlyBase
public import NetworkTransport

/// Everything that can go wrong between asking a weather service for a
/// forecast and having one. Locating the place fails with `LocationError`,
/// which a watch carries beside it (`WatchFrame.notLocated`).
///
/// Each case carries what a person needs to understand it; `summary`,
/// `advice` and `exitStatus` turn it into the two lines the CLI prints.
public enum ForecastError: Error, Sendable, Equatable {
    /// The request itself is wrong (a value out of range, a bad setting).
    case invalidInput(MessageText)
    /// No HTTP answer at all.
    case transport(TransportError, service: ServiceName)
    /// The service answered with an error status; `reason` is its own text.
    case httpStatus(Int, reason: String?, service: ServiceName)
    /// The service answered 200 with something that is not a forecast.
    case undecodable(field: String?, detail: String, service: ServiceName)
    /// A well-formed answer that holds no weather data at all.
    case emptyData(service: ServiceName)
    /// The provider failed, and the one that may stand in for it did not:
    /// its error, or nil when `--timeout` left no time to ask it. Both are
    /// named; the first decides the advice and the exit status.
    indirect case fallbackFailed(ForecastError, fallback: ServiceName, failure: ForecastError?)
}

extension ForecastError: UserFacingError {
    public var summaryMessage: MessageText {
        switch self {
        case .invalidInput(let message):
            return message
        case .fallbackFailed(let first, _, let failure?):
            return MessageText("{error} Asked instead: {fallback}", messages: ["error": [first.summaryMessage], "fallback": [failure.summaryMessage]])
        case .fallbackFailed(let first, let fallback, nil):
            return MessageText("{error} {provider} was not asked instead: the time allowed was up.", ["provider": "\(fallback)"],
                               messages: ["error": [first.summaryMessage]])
        case .transport(let error, let service):
            return Self.describe(error, service: service)
        case .emptyData(let service):
            return MessageText("{service} answered, but with no weather data for this place.").naming(service)
        case .httpStatus(let status, let reason, let service):
            var values = ["status": "\(status)"]
            // The sentence ends after the quote, so the reason's own full stop goes.
            values["reason"] = reason.map { Self.droppingFullStop($0.strippingTerminalControls(limit: 200)) }
            return Self.statusMessage(status, service: service, values: values).naming(service)
        case .undecodable(let field, let detail, let service):
            let values = ["detail": detail.strippingTerminalControls(limit: 200)]
            guard let field else { return MessageText("{service} sent a response forecastly cannot read: {detail}.", values).naming(service) }
            return MessageText("{service} sent a response forecastly cannot read (field “{field}”): {detail}.", values.merging(["field": field]) { $1 })
                .naming(service)
        }
    }

    public var adviceMessage: MessageText? {
        switch self {
        case .invalidInput:
            return MessageText("Run 'forecastly --help' for the accepted values.")
        case .fallbackFailed(let first, _, _):
            return first.adviceMessage
        case .transport(let error, let service):
            switch error {
            case .nameResolutionFailed, .connectionRefused, .connectTimedOut:
                return MessageText("Check the network connection (or {variable}) and try again.", ["variable": service.urlVariable])
            case .responseTimedOut:
                return MessageText("The service may be overloaded; try again in a minute, or raise --timeout.")
            case .cancelled, .other:
                return MessageText("Try again; run with --verbose to see more.")
            case .tlsFailed:
                // One literal, as the catalog test finds messages.
                return MessageText("If this network asks you to sign in or inspects secure traffic, sign in or use another network; otherwise check the system clock and the CA certificates (package ca-certificates).")
            case .insecureURL:
                return MessageText("Use an https:// URL; plain http:// is allowed only for localhost.")
            case .bodyTooLarge:
                return MessageText("Check {variable} points at a {provider} server.", ["variable": service.urlVariable, "provider": service.provider?.name ?? service.text])
            }
        case .httpStatus(let status, _, let service):
            switch (status, service.provider) {
            case (429, let provider?): return MessageText(provider.rateLimitAdvice)
            case (400, _): return MessageText("Check the coordinates and options; if they look right, report this as a bug.")
            case (401, let provider?) where provider.needsKey, (403, let provider?) where provider.needsKey:
                return MessageText(provider.keyRefusedAdvice)
            case (403, _) where service.wantsIdentification:
                return MessageText("Set FORECASTLY_CONTACT to your e-mail address or web site so {provider} knows who asks; if it persists, report it.",
                                   ["provider": service.provider?.name ?? service.text])
            case (401, nil), (403, nil): return MessageText("It takes no key: try again later, and report it if it persists.")
            case (401, let provider?), (403, let provider?): return MessageText(provider.keyRefusedAdvice)
            case (500...599, _): return MessageText("Try again in a few minutes.")
            default: return MessageText("Check {variable} and try again.", ["variable": service.urlVariable])
            }
        case .undecodable, .emptyData:
            return MessageText("Try again later; if it persists, run with --verbose and report it.")
        }
    }

    /// What an HTTP status means from this service, with its own reason
    /// quoted when it gave one (`values["reason"]`). Each form is a whole
    /// message, as a translator needs it.
    static func statusMessage(_ status: Int, service: ServiceName, values: [String: String]) -> MessageText {
        let quoting = values["reason"] != nil
        return switch status {
        case 429:
            quoting ? MessageText("{service} is rate limiting requests from this machine (HTTP 429): “{reason}”.", values)
                : MessageText("{service} is rate limiting requests from this machine (HTTP 429).", values)
        case 400:
            quoting ? MessageText("{service} rejected the request (HTTP 400): “{reason}”.", values)
                : MessageText("{service} rejected the request (HTTP 400).", values)
        case 403 where service.wantsIdentification:
            MessageText("{service} refused the request (HTTP 403): it turns away clients that do not identify themselves.", values)
        case 401 where service.provider == nil, 403 where service.provider == nil:
            quoting ? MessageText("{service} refused the request (HTTP {status}): “{reason}”.", values)
                : MessageText("{service} refused the request (HTTP {status}).", values)
        case 401, 403:
            quoting ? MessageText("{service} refused the API key (HTTP {status}): “{reason}”.", values)
                : MessageText("{service} refused the API key (HTTP {status}).", values)
        case 500...599:
            quoting ? MessageText("{service} is having trouble (HTTP {status}): “{reason}”.", values)
                : MessageText("{service} is having trouble (HTTP {status}).", values)
        default:
            quoting ? MessageText("{service} answered with HTTP {status}: “{reason}”.", values)
                : MessageText("{service} answered with HTTP {status}.", values)
        }
    }

    public var exitStatus: ExitStatus {
        switch self {
        case .invalidInput:
            return .usage
        case .fallbackFailed(let first, _, _):
            return first.exitStatus
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
        describing(error).naming(service)
    }

    /// The message for `error`, its `{service}` still to be named.
    private static func describing(_ error: TransportError) -> MessageText {
        switch error {
        case .nameResolutionFailed(let host):
            return MessageText("Cannot reach {service}: the name {host} does not resolve (no network, or DNS is down).", ["host": host])
        case .connectionRefused(let host, let port):
            return MessageText("Cannot reach {service}: {address} refused the connection.", ["address": "\(host):\(port)"])
        case .tlsFailed(let host, let detail):
            return MessageText("Cannot reach {service}: the secure connection to {host} failed: {detail}.",
                               ["host": host, "detail": detail.strippingTerminalControls(limit: 160)])
        case .connectTimedOut(let host):
            return MessageText("Cannot reach {service}: connecting to {host} timed out.", ["host": host])
        case .responseTimedOut(let host):
            return MessageText("{service} ({host}) did not answer in time.", ["host": host])
        case .bodyTooLarge(let limit):
            return MessageText("{service} sent more than {size} MiB; a forecast is far smaller, so it was not read.",
                               ["size": "\(limit / (1 << 20))"])
        case .insecureURL(let url):
            return MessageText("Refusing to send a location to {url}: it is not HTTPS.", ["url": url.strippingTerminalControls(limit: 120)])
        case .cancelled:
            return MessageText("The request to {service} was cancelled.")
        case .other(let detail):
            return MessageText("Cannot reach {service}: {detail}.", ["detail": detail.strippingTerminalControls(limit: 160)])
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

extension MessageText {
    /// A URL setting that is not a URL.
    public static func notAURL(variable: String, text: String) -> MessageText {
        MessageText("{variable} is not a URL: “{text}”.", ["variable": variable, "text": text.strippingTerminalControls(limit: 80)])
    }
}
