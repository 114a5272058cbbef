import NIOCore
import NIOEmbedded
import NIOHTTP1

/// Asks the Swift runtime, on the event loop while it is idle, the
/// protocol-conformance questions that AsyncHTTPClient's first HTTP/1
/// connection asks there.
///
/// The first time the runtime is asked whether a type conforms to a protocol,
/// it scans every conformance record in the binary (about 9,000; Linux keeps
/// no cache between processes), and a new connection asks about thirty such
/// questions as it builds its channel pipeline and sends the request. Most of
/// them are asked here first, by a rehearsal: an in-memory channel with the
/// same HTTP/1 handlers sends a request and reads a response, so the answers
/// are cached by the time the first real connection needs them. That took
/// 1 to 1.8 ms off a 16–18 ms forecast run (interleaved runs of the release
/// build against a loopback stub, with and without it, in two sessions).
/// Questions about AsyncHTTPClient's internal types cannot be asked from
/// outside it. Nothing here touches the network, and a rehearsal that fails
/// or no longer matches AsyncHTTPClient's pipeline only changes the saving,
/// never a request.
enum FirstConnectionWarmUp {
    /// Runs on `loop`, after whatever it is doing now.
    static func schedule(on loop: any EventLoop) {
        loop.execute { run(on: loop) }
    }

    /// What a connection writes into its pipeline is cast to each of these in
    /// turn (NIOAny), and the rehearsal's messages do not ask all of them.
    private static let channelPayloads: [Any.Type] = [ByteBuffer.self, FileRegion.self, IOData.self]

    /// Not optimised: the compiler knows the casts' answers statically and
    /// would otherwise fold them away.
    @_optimize(none)
    private static func run(on loop: any EventLoop) {
        // AsyncHTTPClient puts the loop's description in each new connection's
        // log metadata; described on the loop, it includes the loop's state.
        _ = String(describing: loop)
        for payload in channelPayloads {
            _ = payload is any _ObjectiveCBridgeable.Type
        }
        // A rehearsal that stops early only caches fewer answers.
        _ = try? rehearse()
    }

    /// What a rehearsal sent and read, so tests can see it ran to the end.
    struct Rehearsal: Equatable {
        var requestBytes = 0
        var status: HTTPResponseStatus?
        var bodyBytes = 0
    }

    /// The handlers and messages of AsyncHTTPClient's HTTP/1 connection, on
    /// an in-memory channel.
    static func rehearse() throws -> Rehearsal {
        let channel = EmbeddedChannel()
        defer { _ = try? channel.finish() }
        var rehearsal = Rehearsal()
        let pipeline = channel.pipeline.syncOperations
        try pipeline.addHandler(HTTPRequestEncoder())
        try pipeline.addHandler(ByteToMessageHandler(
            HTTPResponseDecoder(leftOverBytesStrategy: .dropBytes, informationalResponseStrategy: .forward)))
        var head = HTTPRequestHead(version: .http1_1, method: .GET, uri: "/")
        head.headers.add(name: "host", value: "localhost")
        try channel.writeOutbound(HTTPClientRequestPart.head(head))
        try channel.writeOutbound(HTTPClientRequestPart.end(nil))
        while let sent = try channel.readOutbound(as: IOData.self) {
            rehearsal.requestBytes += sent.readableBytes
        }
        try channel.writeInbound(ByteBuffer(string: "HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\n{}"))
        while let part = try channel.readInbound(as: HTTPClientResponsePart.self) {
            switch part {
            case .head(let response): rehearsal.status = response.status
            case .body(let bytes): rehearsal.bodyBytes += bytes.readableBytes
            case .end: break
            }
        }
        return rehearsal
    }
}
