import ForecastlyBase
import Foundation
import NIOCore
import NIOPosix
import Synchronization

/// gpsd, as a story plays it: a loopback server speaking gpsd's JSON
/// protocol to any client (gpspipe, the python gps module, libgps, forecastly
/// itself), reporting the simulated receiver: none, plugged with no fix,
/// a 2D or 3D fix, unplugged and plugged back. It never touches the
/// machine's own gpsd.
public final class SimulatedGPSD: Sendable {
    /// The receiver as the story has it now.
    struct Receiver: Sendable {
        var present = true
        var fix: ServedFix?
        var seen = 0
        var used = 0
        var activated = Date()
    }

    /// One client, and what it asked for.
    final class Client: Sendable {
        let channel: any Channel
        let peer: String
        let watch = Mutex(GPSDWatch())
        let errors = Mutex(0)
        /// Positions it was told (TPVs with a fix).
        let told = Mutex(0)

        init(channel: any Channel) {
            self.channel = channel
            peer = channel.remoteAddress.map { "\($0.ipAddress ?? "?"):\($0.port ?? 0)" } ?? "?"
        }

        func send(_ lines: [String]) {
            guard !lines.isEmpty else { return }
            var buffer = channel.allocator.buffer(capacity: lines.reduce(0) { $0 + $1.utf8.count + 2 })
            // gpsd ends every object with CR LF, and clients (python's gps module) look for it.
            for line in lines { buffer.writeString(line + "\r\n") }
            channel.writeAndFlush(buffer, promise: nil)
        }
    }

    private let channel: any Channel
    private let receiver = Mutex(Receiver())
    private let clients = Mutex<[ObjectIdentifier: Client]>([:])
    private let log: @Sendable (String) -> Void
    /// The port it listens on (on 127.0.0.1).
    public let port: Int

    /// Listens on 127.0.0.1:`port` (0: a free port, chosen). `log` is told
    /// each client that comes and goes and what it was told.
    public init(port: Int = 0, log: @escaping @Sendable (String) -> Void = { _ in }) async throws(ServeError) {
        self.log = log
        let state = ServerState()
        do {
            channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .childChannelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture {
                        try channel.pipeline.syncOperations.addHandler(GPSDConnection(server: state))
                    }
                }
                .bind(host: "127.0.0.1", port: port).get()
        } catch {
            throw ServeError.cannotListen(service: "gpsd", port: port, reason: "\(error)")
        }
        self.port = channel.localAddress?.port ?? port
        state.server.withLock { $0 = self }
    }

    /// Stops listening and hangs up on every client.
    public func stop() async {
        try? await channel.close()
        for client in clients.withLock({ Array($0.values) }) { try? await client.channel.close() }
    }

    // MARK: The receiver, as the story changes it

    /// A new position: every watching client is told at once.
    func report(_ fix: ServedFix?, seen: Int? = nil, used: Int? = nil) {
        let now = Date()
        let (state, plugged) = receiver.withLock { receiver -> (Receiver, Bool) in
            let plugged = !receiver.present
            receiver.present = true
            if plugged { receiver.activated = now }
            receiver.fix = fix
            if let seen { receiver.seen = seen }
            if let used { receiver.used = used }
            return (receiver, plugged)
        }
        broadcast { client in
            if fix != nil { client.told.withLock { $0 += 1 } }
            return (plugged ? [GPSDReport.deviceObject(activated: state.activated)] : [])
                + (seen != nil ? [GPSDReport.sky(seen: state.seen, used: state.used, at: now)] : [])
                + [GPSDReport.tpv(fix, at: now)]
        }
        if let fix { log("gpsd: reported \(GPSDReport.number(fix.latitude, places: 5)),\(GPSDReport.number(fix.longitude, places: 5)) to \(watchingCount) client(s)") }
    }

    /// The receiver is unplugged: clients are told its device is gone.
    func unplug() {
        receiver.withLock { $0.present = false; $0.fix = nil }
        broadcast { _ in [GPSDReport.deviceRemoved()] }
        log("gpsd: the receiver was unplugged")
    }

    /// The receiver and every client, for `simulate ctl status`.
    func status() -> [String: Any] {
        let state = receiver.withLock { $0 }
        let receiver = !state.present ? "unplugged" : state.fix == nil ? "noFix" : "fix"
        let clients: [[String: Any]] = clients.withLock { Array($0.values) }.map { client in
            ["peer": client.peer, "watching": client.watch.withLock { $0.enable && $0.json }, "positionsTold": client.told.withLock { $0 }]
        }
        return ["port": port, "receiver": receiver, "position": state.fix.map { [$0.latitude, $0.longitude] } as Any,
                "satellites": ["seen": state.seen, "used": state.used], "clients": clients]
    }

    /// The current position, if any.
    var position: ServedFix? { receiver.withLock { $0.fix } }

    private var watchingCount: Int { clients.withLock { $0.values.filter { $0.watch.withLock(\.enable) }.count } }

    private func broadcast(_ lines: (Client) -> [String]) {
        for client in clients.withLock({ Array($0.values) }) where client.watch.withLock({ $0.enable && $0.json }) {
            client.send(lines(client))
        }
    }

    // MARK: Clients

    fileprivate func connected(_ client: Client) {
        clients.withLock { $0[ObjectIdentifier(client)] = client }
        log("gpsd: client \(client.peer) connected")
        client.send([GPSDReport.version()])
    }

    fileprivate func disconnected(_ client: Client) {
        guard clients.withLock({ $0.removeValue(forKey: ObjectIdentifier(client)) }) != nil else { return }
        log("gpsd: client \(client.peer) left")
    }

    /// The answer to one request, as gpsd answers it.
    fileprivate func answer(_ request: GPSDRequest, from client: Client) -> [String] {
        let state = receiver.withLock { $0 }
        let (lines, watch) = client.watch.withLock { watch in
            (Self.answer(request, watch: &watch, receiver: state, now: Date()), watch)
        }
        if case .watch = request, watch.enable, watch.json, state.present, state.fix != nil { client.told.withLock { $0 += 1 } }
        if case .watch(_?) = request { log("gpsd: client \(client.peer) asked ?WATCH (enable \(watch.enable), json \(watch.json))") }
        return lines
    }

    /// gpsd's answer to `request` from a client watching as `watch` (which a
    /// `?WATCH` changes), with the receiver as `receiver` says.
    static func answer(_ request: GPSDRequest, watch: inout GPSDWatch, receiver state: Receiver, now: Date) -> [String] {
        switch request {
        case .watch(let change):
            if let change { watch = change.applied(to: watch) }
            var lines = [GPSDReport.devices(present: state.present, activated: state.activated), GPSDReport.watch(watch)]
            if watch.enable, watch.json, state.present {
                lines += [GPSDReport.deviceObject(activated: state.activated), GPSDReport.tpv(state.fix, at: now)]
            }
            return lines
        case .poll:
            return [GPSDReport.poll(state.fix, present: state.present, seen: state.seen, used: state.used, at: now)]
        case .devices:
            return [GPSDReport.devices(present: state.present, activated: state.activated)]
        case .version:
            return [GPSDReport.version()]
        case .unrecognized(let text):
            return [GPSDReport.error("Unrecognized request '\(String(text.prefix(80)))'")]
        }
    }

    /// Everything a client that sends `bytes` is told (the banner, then the
    /// answer to each request), with the receiver at a fix: the whole path a
    /// client's bytes take through the server, without a socket (the fuzzing
    /// harness follows it).
    public static func conversation(_ bytes: [UInt8], latitude: Double = 52.52, longitude: Double = 13.41) -> [String] {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let receiver = Receiver(present: true, fix: ServedFix(latitude: latitude, longitude: longitude, accuracy: 5, time: now),
                                seen: 9, used: 6, activated: now)
        var watch = GPSDWatch()
        let (requests, _) = GPSDRequest.split(bytes)
        return [GPSDReport.version()] + requests.flatMap { answer($0, watch: &watch, receiver: receiver, now: now) }
    }
}

/// The server a connection belongs to, set once it is listening.
private final class ServerState: Sendable {
    let server = Mutex<SimulatedGPSD?>(nil)
}

/// One client's connection: requests in, reports out. A request longer
/// than gpsd accepts, or a flood of nonsense, ends the connection; the
/// other clients go on.
private final class GPSDConnection: ChannelInboundHandler, Sendable {
    typealias InboundIn = ByteBuffer

    static let longestRequest = 1024
    static let errorsBeforeHangingUp = 20

    private let state: ServerState
    private let pending = Mutex<(client: SimulatedGPSD.Client?, bytes: [UInt8])>((nil, []))

    init(server: ServerState) { self.state = server }

    func channelActive(context: ChannelHandlerContext) {
        let client = SimulatedGPSD.Client(channel: context.channel)
        pending.withLock { $0.client = client }
        state.server.withLock { $0 }?.connected(client)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        if let client = pending.withLock({ $0.client }) { state.server.withLock { $0 }?.disconnected(client) }
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        var buffer = unwrapInboundIn(data)
        let bytes = buffer.readBytes(length: buffer.readableBytes) ?? []
        guard let server = state.server.withLock({ $0 }), let client = pending.withLock({ $0.client }) else { return }
        let requests = pending.withLock { pending -> [GPSDRequest]? in
            let (requests, rest) = GPSDRequest.split(pending.bytes + bytes)
            pending.bytes = rest
            return rest.count > Self.longestRequest ? nil : requests
        }
        guard let requests else {
            client.send([GPSDReport.error("request too long")])
            context.close(promise: nil)
            return
        }
        for request in requests {
            client.send(server.answer(request, from: client))
            if case .unrecognized = request, client.errors.withLock({ $0 += 1; return $0 }) >= Self.errorsBeforeHangingUp {
                context.close(promise: nil)
                return
            }
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }
}

