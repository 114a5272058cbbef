import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import Synchronization

/// The weather service of a served story: an Open-Meteo-compatible address
/// on loopback answering `/v1/forecast` as Open-Meteo does (the place asked
/// about, in its format), or failing as the story says: 503, 429 with
/// `Retry-After`, no answer in time, an answer cut off, no connection.
public final class SimulatedWeatherService: Sendable {
    private let channel: any Channel
    private let mode: ModeBox
    /// The port it listens on (on 127.0.0.1).
    public let port: Int
    public var baseURL: String { "http://127.0.0.1:\(port)" }

    public init(port: Int = 0, log: @escaping @Sendable (String) -> Void = { _ in }) async throws(ServeError) {
        let mode = ModeBox()
        self.mode = mode
        do {
            channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .childChannelInitializer { channel in
                    channel.pipeline.configureHTTPServerPipeline().flatMapThrowing {
                        try channel.pipeline.syncOperations.addHandler(WeatherRequestHandler(mode: mode, log: log))
                    }
                }
                .bind(host: "127.0.0.1", port: port).get()
        } catch {
            throw ServeError.cannotListen(service: "weather service", port: port, reason: "\(error)")
        }
        self.port = channel.localAddress?.port ?? port
    }

    /// How the service answers from now on.
    func set(_ mode: Scenario.WeatherMode) { self.mode.value.withLock { $0 = mode } }

    /// How it answers, and how often it was asked, for `simulate ctl status`.
    func status() -> [String: Any] {
        ["url": baseURL, "mode": mode.value.withLock { $0.rawValue }, "forecastRequests": mode.requests.withLock { $0 }]
    }

    public func stop() async { try? await channel.close() }
}

private final class ModeBox: Sendable {
    let value = Mutex(Scenario.WeatherMode.up)
    let requests = Mutex(0)
}

private final class WeatherRequestHandler: ChannelInboundHandler, Sendable {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let mode: ModeBox
    private let log: @Sendable (String) -> Void
    private let target = Mutex<String?>(nil)

    init(mode: ModeBox, log: @escaping @Sendable (String) -> Void) {
        self.mode = mode
        self.log = log
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head): target.withLock { $0 = head.uri }
        case .body: break
        case .end:
            let uri = target.withLock { $0 } ?? "/"
            answer(uri, context: context)
        }
    }

    private func answer(_ uri: String, context: ChannelHandlerContext) {
        let components = URLComponents(string: uri)
        guard let components, components.path.hasSuffix("/v1/forecast") else {
            return send(context, status: .notFound, body: #"{"error":true,"reason":"Not found: this simulated service answers /v1/forecast"}"#)
        }
        func number(_ name: String) -> Double? { components.queryItems?.first { $0.name == name }?.value.flatMap(Double.init) }
        guard let latitude = number("latitude"), let longitude = number("longitude"), (-90...90).contains(latitude), (-180...180).contains(longitude) else {
            return send(context, status: .badRequest, body: #"{"error":true,"reason":"Parameter 'latitude' and 'longitude' must be given within -90...90 and -180...180"}"#)
        }
        let mode = mode.value.withLock { $0 }
        self.mode.requests.withLock { $0 += 1 }
        log("weather: /v1/forecast for \(latitude),\(longitude): \(mode.rawValue)")
        switch mode {
        case .up:
            send(context, status: .ok, body: OpenMeteoAnswer.json(now: Date(), latitude: latitude, longitude: longitude))
        case .down:
            send(context, status: .serviceUnavailable, body: #"{"error":true,"reason":"Service unavailable (simulated)"}"#)
        case .rateLimited:
            send(context, status: .tooManyRequests, body: #"{"error":true,"reason":"Too many requests (simulated)"}"#, extra: [("Retry-After", "60")])
        case .truncated:
            let body = OpenMeteoAnswer.json(now: Date(), latitude: latitude, longitude: longitude)
            // The whole length is announced, half is sent, and the connection ends.
            send(context, status: .ok, body: String(body.prefix(body.utf8.count / 2)), announcing: body.utf8.count, close: true)
        case .offline:
            context.close(promise: nil)
        case .slow:
            // No answer: the client's own time limit ends the request.
            break
        }
    }

    private func send(
        _ context: ChannelHandlerContext, status: HTTPResponseStatus, body: String, extra: [(String, String)] = [],
        announcing length: Int? = nil, close: Bool = false
    ) {
        var headers = HTTPHeaders([("Content-Type", "application/json; charset=utf-8"), ("Content-Length", "\(length ?? body.utf8.count)")])
        for (name, value) in extra { headers.add(name: name, value: value) }
        context.write(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: status, headers: headers))), promise: nil)
        var buffer = context.channel.allocator.buffer(capacity: body.utf8.count)
        buffer.writeString(body)
        context.write(wrapOutboundOut(.body(.byteBuffer(buffer))), promise: nil)
        if close {
            context.writeAndFlush(wrapOutboundOut(.body(.byteBuffer(context.channel.allocator.buffer(capacity: 0)))), promise: nil)
            context.close(promise: nil)
        } else {
            context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        }
    }
}
