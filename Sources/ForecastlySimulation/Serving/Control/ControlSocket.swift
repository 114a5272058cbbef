import Foundation
import NIOCore
import NIOPosix
import Synchronization

/// The control channel of a served story: a Unix socket in a directory of
/// its own (mode 0700), one command a connection, answered with one JSON
/// line. `forecastly simulate ctl` is its client.
final class ControlSocket: Sendable {
    private let channel: any Channel
    let path: String
    private let directory: String

    init(answer: @escaping @Sendable (String) -> String) async throws(ServeError) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("forecastly-simulate-\(UUID().uuidString)").path
        let path = directory + "/control"
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
            channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .childChannelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture {
                        try channel.pipeline.syncOperations.addHandler(ControlConnection(answer: answer))
                    }
                }
                .bind(unixDomainSocketPath: path).get()
        } catch {
            throw ServeError.cannotListen(service: "control channel", port: 0, reason: "\(error)")
        }
        self.path = path
        self.directory = directory
    }

    func stop() async {
        try? await channel.close()
        try? FileManager.default.removeItem(atPath: directory)
    }
}

/// One command: read to its newline (4 KiB at most), answer, hang up.
private final class ControlConnection: ChannelInboundHandler, Sendable {
    typealias InboundIn = ByteBuffer

    private let answer: @Sendable (String) -> String
    private let pending = Mutex<[UInt8]>([])

    init(answer: @escaping @Sendable (String) -> String) { self.answer = answer }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        var buffer = unwrapInboundIn(data)
        let bytes = pending.withLock { pending in
            pending += buffer.readBytes(length: buffer.readableBytes) ?? []
            return pending
        }
        guard let end = bytes.firstIndex(of: 0x0A) else {
            if bytes.count > 4096 { reply(#"{"error":"the command is too long","ok":false}"#, context: context) }
            return
        }
        reply(answer(String(decoding: bytes[..<end], as: UTF8.self)), context: context)
    }

    private func reply(_ line: String, context: ChannelHandlerContext) {
        var out = context.channel.allocator.buffer(capacity: line.utf8.count + 1)
        out.writeString(line + "\n")
        let channel = context.channel
        context.writeAndFlush(NIOAny(out)).whenComplete { _ in channel.close(promise: nil) }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) { context.close(promise: nil) }
}
