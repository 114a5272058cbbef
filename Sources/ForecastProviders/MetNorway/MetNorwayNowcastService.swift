public import ForecastCore
public import ForecastlyBase
public import Foundation
public import NetworkTransport

/// `NowcastService` for MET Norway's Nowcast 2.0: radar-based precipitation
/// in 5-minute steps for about two hours, in the Nordic countries only.
/// Its answer says whether the radar covers the point (`radar_coverage`);
/// without coverage its precipitation is not used. Same terms as the
/// forecast: the User-Agent, four decimals, the same server
/// (`FORECASTLY_MET_NORWAY_URL`).
public struct MetNorwayNowcastService: NowcastService {
    static let path = "/weatherapi/nowcast/2.0/complete"

    public let endpoint: ServiceEndpoint
    public let contact: String?
    private let transport: any HTTPTransport

    public init(environment: [String: String], transport: any HTTPTransport) throws(ForecastError) {
        endpoint = try ServiceEndpoint(.metNorway, publicURL: MetNorwayService.publicBaseURL, environment: environment)
        contact = try MetNorwayService.contact(environment[Forecastly.contactVariable])
        self.transport = transport
    }

    /// Where MET's radars reach, roughly (Norway, Sweden, Finland, Denmark):
    /// elsewhere it is not asked at all.
    public static func mayCover(_ coordinate: Coordinate) -> Bool {
        (54.5...71.5).contains(coordinate.latitude) && (4.0...32.0).contains(coordinate.longitude)
    }

    public func url(for coordinate: Coordinate) -> URL {
        endpoint.url(path: Self.path, query: [
            URLQueryItem(name: "lat", value: MetNorwayService.fourDecimals(coordinate.latitude)),
            URLQueryItem(name: "lon", value: MetNorwayService.fourDecimals(coordinate.longitude)),
        ])
    }

    public func nowcast(at coordinate: Coordinate) async throws(ForecastError) -> Nowcast {
        let response: HTTPResponse
        do {
            response = try await transport.get(url(for: coordinate), headers: [(name: "User-Agent", value: Forecastly.userAgent(contact: contact))])
        } catch {
            throw .transport(error, service: endpoint.serviceName)
        }
        return try Self.nowcast(from: response, service: endpoint.serviceName)
    }

    /// One answer: 200 or 203 is a nowcast, if the radar covers the point
    /// (otherwise `.emptyData`); any other status an error whose HTML body is not read.
    public static func nowcast(from response: HTTPResponse, service: ServiceName = .metNorway) throws(ForecastError) -> Nowcast {
        guard response.status == 200 || response.status == 203 else {
            throw .httpStatus(response.status, reason: nil, service: service)
        }
        let payload = try JSONBody.decode(MetNorwayNowcastPayload.self, from: response.body, service: service)
        guard payload.properties.meta.radar_coverage == "ok" else { throw .emptyData(service: service) }
        do {
            return try payload.nowcast()
        } catch {
            throw .undecodable(field: error.field, detail: error.detail, service: service)
        }
    }
}

/// The GeoJSON of Nowcast 2.0, as far as precipitation goes: the radar's
/// coverage and each step's instant precipitation rate (mm/h).
struct MetNorwayNowcastPayload: Decodable {
    var properties: Properties

    struct Properties: Decodable {
        var meta: Meta
        var timeseries: [Step]
    }

    struct Meta: Decodable {
        /// "ok"; also "temporarily unavailable" and "no coverage".
        var radar_coverage: String?
    }

    struct Step: Decodable {
        var time: String
        var data: StepData
    }

    struct StepData: Decodable {
        var instant: Instant
    }

    struct Instant: Decodable {
        var details: Details
    }

    struct Details: Decodable {
        var precipitation_rate: Double?
    }


    func nowcast() throws(InvalidPayload) -> Nowcast {
        guard !properties.timeseries.isEmpty else { throw InvalidPayload(field: "properties.timeseries", detail: "it is empty") }
        var steps: [Nowcast.Step] = []
        var previous: Int?
        for (index, step) in properties.timeseries.enumerated() {
            let text = step.time.hasSuffix("Z") ? String(step.time.dropLast()) : step.time
            guard let seconds = WallClockTime.secondsSinceEpoch(text) else {
                throw InvalidPayload(field: "properties.timeseries[\(index)].time", detail: "“\(step.time.strippingTerminalControls(limit: 30))” is not a UTC time")
            }
            if let previous, seconds - previous != 300 {
                throw InvalidPayload(field: "properties.timeseries[\(index)].time", detail: "the steps are not 5 minutes apart")
            }
            previous = seconds
            guard let rate = step.data.instant.details.precipitation_rate else { continue }
            guard rate.isFinite, PhysicalLimits.precipitationRate.contains(rate) else {
                throw InvalidPayload(field: "properties.timeseries[\(index)].data.instant.details.precipitation_rate", detail: "\(rate) mm/h is not rain")
            }
            steps.append(Nowcast.Step(time: Date(timeIntervalSince1970: TimeInterval(seconds)), precipitation: rate * 5 / 60))
        }
        return Nowcast(steps: steps, stepMinutes: 5)
    }
}
