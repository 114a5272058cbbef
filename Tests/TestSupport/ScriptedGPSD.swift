import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix

/// A loopback server that speaks just enough of gpsd's JSON protocol to put
/// a client in states a real gpsd reaches only by timing: a device whose
/// arrival was never announced, messages no gpsd sends, a peer that is not
/// gpsd at all. Real-gpsd behaviour is tested with `GPSFake`; this is for
/// the states between.
public final class ScriptedGPSD: Sendable {
    /// What gpsd 3.22 says to every client as it connects.
    public static let banner = [#"{"class":"VERSION","release":"3.22","rev":"3.22","proto_major":3,"proto_minor":14}"#]
    /// What it answers to `?WATCH` while it has no device.
    public static let watchReply = [
        #"{"class":"DEVICES","devices":[]}"#,
        #"{"class":"WATCH","enable":true,"json":true,"nmea":false,"raw":0,"scaled":false,"timing":false,"split24":false,"pps":false}"#,
    ]

    private let channel: any Channel
    private let received: NIOLockedValueBox<[String]>

    public let port: Int
    public var address: String { "127.0.0.1:\(port)" }
    /// Every command a client sent (`?WATCH={…}`, `?DEVICES`), in order.
    public var commands: [String] { received.withLockedValue { $0 } }

    /// - Parameters:
    ///   - banner: lines sent as a client connects.
    ///   - onWatch: lines sent in answer to `?WATCH={"enable":true…}`.
    ///   - closeAfterWatch: hang up once the answer to `?WATCH` is sent, as
    ///     a web server does after answering a request it does not understand.
    ///   - answer: lines sent in answer to any other command.
    init(
        banner: [String] = ScriptedGPSD.banner,
        onWatch: [String] = ScriptedGPSD.watchReply,
        closeAfterWatch: Bool = false,
        answer: @escaping @Sendable (String) -> [String] = { _ in [] }
    ) async throws {
        let received = NIOLockedValueBox<[String]>([])
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(
                        CommandHandler(banner: banner, onWatch: onWatch, closeAfterWatch: closeAfterWatch,
                                       answer: answer, received: received))
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        self.channel = channel
        self.received = received
        self.port = channel.localAddress?.port ?? 0
    }

    /// Starts a scripted gpsd (see `init`), runs `body` with it, and stops
    /// it whatever `body` does.
    @discardableResult
    public static func with<Result>(
        banner: [String] = ScriptedGPSD.banner,
        onWatch: [String] = ScriptedGPSD.watchReply,
        closeAfterWatch: Bool = false,
        answer: @escaping @Sendable (String) -> [String] = { _ in [] },
        _ body: (ScriptedGPSD) async throws -> Result
    ) async throws -> Result {
        let server = try await ScriptedGPSD(banner: banner, onWatch: onWatch, closeAfterWatch: closeAfterWatch, answer: answer)
        return try await stopping(server, with: { await $0.shutdown() }, after: body)
    }

    func shutdown() async {
        try? await channel.close()
    }
}

/// gpsd commands end with `;` (a newline is optional), so the byte stream is
/// split there.
private final class CommandHandler: ChannelInboundHandler, @unchecked Sendable {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    let banner: [String]
    let onWatch: [String]
    let closeAfterWatch: Bool
    let answer: @Sendable (String) -> [String]
    let received: NIOLockedValueBox<[String]>
    private var pending = ""

    init(banner: [String], onWatch: [String], closeAfterWatch: Bool, answer: @escaping @Sendable (String) -> [String],
         received: NIOLockedValueBox<[String]>) {
        self.banner = banner
        self.onWatch = onWatch
        self.closeAfterWatch = closeAfterWatch
        self.answer = answer
        self.received = received
    }

    func channelActive(context: ChannelHandlerContext) {
        send(banner, context: context)
        context.fireChannelActive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        var buffer = unwrapInboundIn(data)
        pending += buffer.readString(length: buffer.readableBytes) ?? ""
        while let end = pending.firstIndex(of: ";") {
            let command = pending[..<end].trimmingCharacters(in: .whitespacesAndNewlines)
            pending = String(pending[pending.index(after: end)...])
            received.withLockedValue { $0.append(command) }
            guard command.hasPrefix(#"?WATCH={"enable":true"#) else {
                send(answer(command), context: context)
                continue
            }
            send(onWatch, context: context)
            if closeAfterWatch {
                context.close(promise: nil)
                return
            }
        }
    }

    private func send(_ lines: [String], context: ChannelHandlerContext) {
        guard !lines.isEmpty else { return }
        let text = lines.map { $0 + "\r\n" }.joined()
        context.writeAndFlush(wrapOutboundOut(context.channel.allocator.buffer(string: text)), promise: nil)
    }
}
