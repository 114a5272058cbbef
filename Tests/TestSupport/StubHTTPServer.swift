public import Foundation
import NIOConcurrencyHelpers
public import NIOCore
import NIOHTTP1
import NIOPosix

/// An HTTP/1.1 server on 127.0.0.1 and a free port, for tests: each request
/// is answered by a closure, and every request is recorded so a test can
/// prove how many requests (if any) left the process.
public final class StubHTTPServer: Sendable {
    /// How to answer one request.
    public enum Reply: Sendable {
        case respond(status: Int, headers: [(String, String)] = [], body: [UInt8])
        /// Sends `total` bytes of filler in chunks (for oversized bodies).
        case stream(status: Int, total: Int, declareLength: Bool)
        /// Accepts the request and never answers.
        case hang
        /// Closes the connection without a response.
        case close
        /// Waits, then answers.
        indirect case delayed(TimeAmount, Reply)

        public static func json(_ text: String, status: Int = 200) -> Reply {
            .respond(status: status, headers: [("Content-Type", "application/json; charset=utf-8")], body: Array(text.utf8))
        }

        public static func file(_ url: URL, status: Int = 200, contentType: String = "application/json; charset=utf-8") -> Reply {
            let data = (try? Data(contentsOf: url)) ?? Data()
            return .respond(status: status, headers: [("Content-Type", contentType)], body: Array(data))
        }
    }

    public struct RecordedRequest: Sendable {
        public var method: String
        public var uri: String
        public var headers: [(String, String)]

        public var path: String { String(uri.prefix { $0 != "?" }) }

        public var query: [String: String] {
            guard let components = URLComponents(string: uri) else { return [:] }
            var result: [String: String] = [:]
            for item in components.queryItems ?? [] { result[item.name] = item.value ?? "" }
            return result
        }

        public func header(_ name: String) -> String? {
            headers.first { $0.0.caseInsensitiveCompare(name) == .orderedSame }?.1
        }
    }

    private let channel: any Channel
    private let recorded: NIOLockedValueBox<[RecordedRequest]>

    public let port: Int
    public var baseURL: String { "http://127.0.0.1:\(port)" }
    public var requests: [RecordedRequest] { recorded.withLockedValue { $0 } }
    public var requestCount: Int { recorded.withLockedValue { $0.count } }

    init(handler: @escaping @Sendable (RecordedRequest) -> Reply) async throws {
        let recorded = NIOLockedValueBox<[RecordedRequest]>([])
        let bootstrap = ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.backlog, value: 64)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.pipeline.configureHTTPServerPipeline().flatMap {
                    channel.pipeline.addHandler(StubHandler(handler: handler, recorded: recorded))
                }
            }
        let channel = try await bootstrap.bind(host: "127.0.0.1", port: 0).get()
        self.channel = channel
        self.recorded = recorded
        self.port = channel.localAddress?.port ?? 0
    }

    /// Starts a server that answers each request with `handler`, runs
    /// `body` with it, and stops it whatever `body` does: the one way tests
    /// start a stub, so none is left listening.
    @discardableResult
    public static func with<Result>(
        handler: @escaping @Sendable (RecordedRequest) -> Reply, _ body: (StubHTTPServer) async throws -> Result
    ) async throws -> Result {
        let server = try await StubHTTPServer(handler: handler)
        return try await stopping(server, with: { await $0.shutdown() }, after: body)
    }

    /// As `with(handler:_:)`, serving the same reply to every request.
    @discardableResult
    public static func with<Result>(always reply: Reply, _ body: (StubHTTPServer) async throws -> Result) async throws -> Result {
        try await with(handler: { _ in reply }, body)
    }

    func shutdown() async {
        try? await channel.close()
    }
}

private final class StubHandler: ChannelInboundHandler, @unchecked Sendable {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    let handler: @Sendable (StubHTTPServer.RecordedRequest) -> StubHTTPServer.Reply
    let recorded: NIOLockedValueBox<[StubHTTPServer.RecordedRequest]>
    private var head: HTTPRequestHead?

    init(handler: @escaping @Sendable (StubHTTPServer.RecordedRequest) -> StubHTTPServer.Reply,
         recorded: NIOLockedValueBox<[StubHTTPServer.RecordedRequest]>) {
        self.handler = handler
        self.recorded = recorded
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            self.head = head
        case .body:
            break
        case .end:
            guard let head else { return }
            let request = StubHTTPServer.RecordedRequest(
                method: head.method.rawValue, uri: head.uri, headers: head.headers.map { ($0.name, $0.value) }
            )
            recorded.withLockedValue { $0.append(request) }
            answer(handler(request), context: context)
        }
    }

    private func answer(_ reply: StubHTTPServer.Reply, context: ChannelHandlerContext) {
        switch reply {
        case .respond(let status, let headers, let body):
            var fields = HTTPHeaders(headers.map { ($0.0, $0.1) })
            fields.replaceOrAdd(name: "Content-Length", value: String(body.count))
            let head = HTTPResponseHead(version: .http1_1, status: .init(statusCode: status), headers: fields)
            context.write(wrapOutboundOut(.head(head)), promise: nil)
            context.write(wrapOutboundOut(.body(.byteBuffer(context.channel.allocator.buffer(bytes: body)))), promise: nil)
            context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        case .stream(let status, let total, let declareLength):
            var fields = HTTPHeaders([("Content-Type", "application/json")])
            if declareLength { fields.add(name: "Content-Length", value: String(total)) }
            let head = HTTPResponseHead(version: .http1_1, status: .init(statusCode: status), headers: fields)
            context.write(wrapOutboundOut(.head(head)), promise: nil)
            let chunk = context.channel.allocator.buffer(repeating: UInt8(ascii: " "), count: 64 * 1024)
            var sent = 0
            // Written without waiting for the client; the channel closes
            // when the client gives up, and further writes then fail quietly.
            while sent < total {
                let size = min(chunk.readableBytes, total - sent)
                context.write(wrapOutboundOut(.body(.byteBuffer(chunk.getSlice(at: 0, length: size)!))), promise: nil)
                sent += size
                if sent % (1 << 20) == 0 { context.flush() }
            }
            context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        case .hang:
            break
        case .close:
            context.close(promise: nil)
        case .delayed(let delay, let next):
            let loopBound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
            context.eventLoop.scheduleTask(in: delay) {
                let (handler, context) = loopBound.value
                handler.answer(next, context: context)
            }
        }
    }
}
