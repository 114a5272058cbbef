import ForecastCore
import Foundation
import NetworkTransport

/// One request of a warning service, as all three make it: an identifying
/// User-Agent, and an answer read only when its status says it is one. An
/// error's JSON `detail` or `title` (the NWS's problem+json) is quoted; an
/// HTML error page (a firewall's 403) is not read.
struct AlertRequest {
    let transport: any HTTPTransport
    let userAgent: String

    func get(_ url: URL, accept: String, service: ServiceName) async throws(ForecastError) -> HTTPResponse {
        let response: HTTPResponse
        do {
            response = try await transport.get(url, headers: [(name: "User-Agent", value: userAgent), (name: "Accept", value: accept)])
        } catch {
            throw .transport(error, service: service)
        }
        try Self.check(response, service: service)
        return response
    }

    static func check(_ response: HTTPResponse, service: ServiceName) throws(ForecastError) {
        guard response.status == 200 || response.status == 203 else {
            let problem = try? JSONDecoder().decode(Problem.self, from: Data(response.body))
            throw .httpStatus(response.status, reason: problem?.detail ?? problem?.title, service: service)
        }
    }

    /// RFC 7807 problem details, as the NWS sends them.
    private struct Problem: Decodable {
        var title: String?
        var detail: String?
    }

    /// When the service may be asked again: its interval from now, or its
    /// `Expires` when that is later (MET Norway's terms oblige it).
    static func nextRequest(after now: Date, source: AlertSource, response: HTTPResponse) -> Date {
        let interval = now.addingTimeInterval(source.minimumInterval.inSeconds)
        guard let expires = response.header("Expires").flatMap(HTTPDate.parse), expires > interval else { return interval }
        // A far-off Expires is a misconfigured server, not a reason to go silent for days.
        return min(expires, now.addingTimeInterval(3600))
    }
}
