import ForecastlyBase
import ForecastPresentation
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import Synchronization

/// The weather service of a scenario: a small HTTP server on 127.0.0.1 that
/// answers as Open-Meteo does (a forecast made for the scenario's clock),
/// or with 503 or 429 when the scenario says it is down or rate limited.
/// It is also the scenario's warning service (in the NWS's format, at its
/// path) and its next two hours (Open-Meteo's `minutely_15`), as the story
/// scripts them. Every forecast request is counted: the transcript says
/// what left the machine.
final class ScenarioWeatherServer: Sendable {
    private let channel: any Channel
    private let state: Counter
    let port: Int

    /// The mode and the count, shared with the connection handlers.
    final class Counter: Sendable {
        let value = Mutex<(mode: Scenario.WeatherMode, requests: Int)>((.up, 0))
        /// The warnings in the service's answer, by event, and the rain to come.
        let sky = Mutex<(alerts: [String: Scenario.AlertChange], rain: Scenario.RainChange)>(([:], .init(from: nil, until: nil)))
        func withLock<T: Sendable>(_ body: (inout (mode: Scenario.WeatherMode, requests: Int)) -> T) -> T {
            value.withLock { state in body(&state) }
        }
    }

    var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }
    var requests: Int { state.withLock { $0.requests } }

    func set(_ mode: Scenario.WeatherMode) { state.withLock { $0.mode = mode } }

    func set(_ alert: Scenario.AlertChange) {
        state.sky.withLock { $0.alerts[alert.event] = alert.severity == nil ? nil : alert }
    }

    func set(_ rain: Scenario.RainChange) { state.sky.withLock { $0.rain = rain } }

    /// `launch` is when the story's durations count from.
    init(now: @escaping @Sendable () -> Date, launch: Date) async throws {
        let state = Counter()
        let bootstrap = ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.pipeline.configureHTTPServerPipeline().flatMap {
                    channel.pipeline.addHandler(Handler { (uri: String) -> (Int, String) in
                        if uri.hasPrefix("/alerts/active") {
                            return (200, ScenarioAnswers.alerts(state.sky.withLock { Array($0.alerts.values) }, launch: launch))
                        }
                        if uri.contains("minutely_15") {
                            return (200, ScenarioAnswers.nowcast(state.sky.withLock { $0.rain }, launch: launch, now: now()))
                        }
                        let mode = state.withLock { state in
                            state.requests += 1
                            return state.mode
                        }
                        switch mode {
                        case .up: return (200, OpenMeteoAnswer.json(now: now()))
                        case .down: return (503, #"{"error":true,"reason":"Service unavailable (scenario)"}"#)
                        case .rateLimited: return (429, #"{"error":true,"reason":"Too many requests (scenario)"}"#)
                        }
                    })
                }
            }
        channel = try await bootstrap.bind(host: "127.0.0.1", port: 0).get()
        port = channel.localAddress?.port ?? 0
        self.state = state
    }

    func stop() async { try? await channel.close() }

    private final class Handler: ChannelInboundHandler, @unchecked Sendable {
        typealias InboundIn = HTTPServerRequestPart
        typealias OutboundOut = HTTPServerResponsePart
        let answer: @Sendable (String) -> (Int, String)
        private var uri = ""

        init(answer: @escaping @Sendable (String) -> (Int, String)) { self.answer = answer }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            switch unwrapInboundIn(data) {
            case .head(let head): uri = head.uri; return
            case .body: return
            case .end: break
            }
            let (status, body) = answer(uri)
            var headers = HTTPHeaders([("Content-Type", "application/json")])
            headers.add(name: "Content-Length", value: String(body.utf8.count))
            context.write(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: .init(statusCode: status), headers: headers))), promise: nil)
            context.write(wrapOutboundOut(.body(.byteBuffer(context.channel.allocator.buffer(string: body)))), promise: nil)
            context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        }
    }
}

/// An Open-Meteo answer for the hour of `now`: 48 hours and 7 days of
/// plausible weather in UTC, so the scenario's forecasts read like real ones.
enum OpenMeteoAnswer {
    static func json(now: Date) -> String {
        let hourStart = (now.timeIntervalSince1970 / 3600).rounded(.down) * 3600
        let dayStart = (now.timeIntervalSince1970 / 86_400).rounded(.down) * 86_400
        func stamp(_ seconds: Double, withTime: Bool = true) -> String {
            let parts = Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC")!, from: Date(timeIntervalSince1970: seconds))
            let date = String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!)
            return withTime ? date + String(format: "T%02d:%02d", parts.hour!, parts.minute!) : date
        }
        let hours = (0..<48).map { hourStart + Double($0) * 3600 }
        let days = (0..<7).map { dayStart + Double($0) * 86_400 }
        func list(_ values: [String]) -> String { "[" + values.joined(separator: ",") + "]" }
        return """
        {"latitude":52.52,"longitude":13.41,"utc_offset_seconds":0,"timezone":"GMT","elevation":38,\
        "current":{"time":"\(stamp(hourStart))","temperature_2m":12.5,"apparent_temperature":10.1,"relative_humidity_2m":70,\
        "precipitation":0,"weather_code":2,"is_day":1,"wind_speed_10m":14.0,"wind_direction_10m":240,"wind_gusts_10m":28.0},\
        "hourly":{"time":\(list(hours.map { "\"\(stamp($0))\"" })),"temperature_2m":\(list(hours.indices.map { String(10 + $0 % 6) })),\
        "precipitation_probability":\(list(hours.indices.map { String($0 * 2 % 100) })),"precipitation":\(list(hours.indices.map { _ in "0" })),\
        "weather_code":\(list(hours.indices.map { _ in "2" })),"is_day":\(list(hours.indices.map { _ in "1" })),\
        "wind_speed_10m":\(list(hours.indices.map { _ in "14" })),"wind_direction_10m":\(list(hours.indices.map { _ in "240" }))},\
        "daily":{"time":\(list(days.map { "\"\(stamp($0, withTime: false))\"" })),"weather_code":\(list(days.map { _ in "3" })),\
        "temperature_2m_max":\(list(days.map { _ in "16" })),"temperature_2m_min":\(list(days.map { _ in "8" })),\
        "precipitation_sum":\(list(days.map { _ in "0" })),"precipitation_probability_max":\(list(days.map { _ in "20" })),\
        "wind_speed_10m_max":\(list(days.map { _ in "20" })),"uv_index_max":\(list(days.map { _ in "3" }))}}
        """
    }
}

/// The scenario's warnings and next two hours, in the services' own formats,
/// so the real readers read them.
enum ScenarioAnswers {
    static func iso(_ date: Date) -> String {
        PlaceClock(timeZone: .gmt).iso8601(date)
    }

    /// The NWS's GeoJSON: one zone alert (no outline) per scripted warning,
    /// whether or not it has expired: the reader must drop the expired.
    static func alerts(_ alerts: [Scenario.AlertChange], launch: Date) -> String {
        let features: [[String: Any]] = alerts.sorted { $0.event < $1.event }.compactMap { alert in
            guard let severity = alert.severity, let until = alert.until else { return nil }
            let properties: [String: Any] = [
                "id": "scenario-" + alert.event, "areaDesc": "Scenario County", "expires": iso(launch.addingTimeInterval(until.inSeconds)),
                "status": "Actual", "messageType": "Alert", "severity": severity.rawValue.prefix(1).uppercased() + severity.rawValue.dropFirst(),
                "certainty": "Likely", "urgency": "Expected", "event": alert.event, "senderName": "Scenario Weather Service",
                "headline": alert.event,
            ]
            return ["type": "Feature", "geometry": NSNull(), "properties": properties]
        }
        let document: [String: Any] = ["type": "FeatureCollection", "features": features]
        let data = (try? JSONSerialization.data(withJSONObject: document, options: [.sortedKeys])) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }

    /// Open-Meteo's `minutely_15` for two hours from the quarter hour of `now`: 0.6 mm a quarter hour while it rains.
    static func nowcast(_ rain: Scenario.RainChange, launch: Date, now: Date) -> String {
        let start = (now.timeIntervalSince1970 / 900).rounded(.down) * 900
        let times = (0..<8).map { start + Double($0) * 900 }
        let from = rain.from.map { launch.timeIntervalSince1970 + $0.inSeconds }
        let until = rain.until.map { launch.timeIntervalSince1970 + $0.inSeconds } ?? .infinity
        let amounts = times.map { time in from.map { time + 900 > $0 && time < until } == true ? "0.6" : "0" }
        let stamps = times.map { "\"" + String(iso(Date(timeIntervalSince1970: $0)).prefix(16)) + "\"" }
        return #"{"latitude":52.52,"longitude":13.41,"utc_offset_seconds":0,"timezone":"GMT","elevation":38,"minutely_15":{"time":["#
            + stamps.joined(separator: ",") + #"],"precipitation":["# + amounts.joined(separator: ",") + #"],"snowfall":["#
            + amounts.map { _ in "0" }.joined(separator: ",") + "]}}"
    }
}
