import Foundation
import LocationProvider

/// A gpsd stand-in on loopback that sends the fuzzer's bytes as gpsd's
/// whole stream and then hangs up, so the bytes take the path a real gpsd's
/// do: through the socket, libgps's JSON reader and forecastly's reading
/// of what libgps made of them.
final class LoopbackGPSD: @unchecked Sendable {
    static let shared = LoopbackGPSD()

    let address: GPSDAddress
    private let listener: Int32

    private init() {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var loopback = sockaddr_in()
        loopback.sin_family = sa_family_t(AF_INET)
        loopback.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &loopback) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listener, $0, length) == 0 && listen(listener, 8) == 0 && getsockname(listener, $0, &length) == 0
            }
        }
        guard bound, let address = GPSDAddress("127.0.0.1:\(UInt16(bigEndian: loopback.sin_port))") else {
            fatalError("cannot listen on loopback: \(String(cString: strerror(errno)))")
        }
        self.listener = listener
        self.address = address
    }

    /// Answers one connection with `bytes` while `client` runs.
    func serve(_ bytes: [UInt8], while client: () -> Void) {
        let served = DispatchSemaphore(value: 0)
        let listener = self.listener
        Thread.detachNewThread {
            Self.answerOne(on: listener, with: bytes)
            served.signal()
        }
        client()
        served.wait()
    }

    private static func answerOne(on listener: Int32, with bytes: [UInt8]) {
        // A client that never connects is a finding of its own (the
        // provider's), not a reason for this thread to wait for ever.
        var waiting = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
        guard poll(&waiting, 1, 5_000) == 1 else { return }
        let peer = accept(listener, nil, nil)
        guard peer >= 0 else { return }
        defer { close(peer) }
        var patience = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(peer, SOL_SOCKET, SO_RCVTIMEO, &patience, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(peer, SOL_SOCKET, SO_SNDTIMEO, &patience, socklen_t(MemoryLayout<timeval>.size))
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { send(peer, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { break }
            sent += count
        }
        // Hang up, then read what the client says until it hangs up too:
        // closing with its WATCH command unread would reset the connection
        // and drop bytes the client has not read yet.
        shutdown(peer, Int32(SHUT_WR))
        var sink = [UInt8](repeating: 0, count: 4_096)
        while recv(peer, &sink, sink.count, 0) > 0 {}
    }
}
