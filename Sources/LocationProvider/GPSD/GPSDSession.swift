import CGPS
import Foundation

/// One connection to gpsd, watching in JSON: libgps opens it, asks gpsd to
/// watch and sends commands; forecastly reads gpsd's lines (`GPSDLine`).
///
/// Not Sendable on purpose: libgps calls block, so a session lives on one
/// dedicated thread (never Swift's cooperative pool) and is used only there.
final class GPSDSession {
    let address: GPSDAddress
    private let lib: UnsafeMutablePointer<forecastly_libgps>
    private let data: UnsafeMutablePointer<gps_data_t>
    private var lines = GPSDLineBuffer()
    /// The rest of a line that said more than one thing (?POLL's answer).
    private var pending: [GPSDMessage] = []
    private var readBuffer = [UInt8](repeating: 0, count: 4_096)
    private var isOpen = false

    init(address: GPSDAddress) throws(LocationError) {
        let lib = try GPSDLibrary.calls().table
        guard let data = forecastly_gps_alloc() else { throw .gpsdNotRunning(address: address.description) }
        self.address = address
        self.lib = lib
        self.data = data
        // Every property is set from here on, so deinit runs even when this
        // initializer throws: it alone closes and frees.
        let code = forecastly_gps_open(lib, address.host, String(address.port), data)
        guard code == 0 else { throw .gpsdNotRunning(address: address.description) }
        isOpen = true
        if forecastly_gps_watch(lib, data) != 0 {
            close()
            throw .gpsdLost(address: address.description)
        }
        // gpsd sends a fix at the receiver's next cycle, up to a second
        // away; ?POLL answers at once with the fix it holds, if any.
        _ = forecastly_gps_poll(lib, data)
    }

    deinit {
        close()
        forecastly_gps_free(data)
    }

    func close() {
        guard isOpen else { return }
        forecastly_gps_unwatch_and_close(lib, data)
        isOpen = false
    }

    /// Asks gpsd for its device list now; the answer arrives as `.devices`.
    /// - Returns: false when the request could not be sent.
    func askForDevices() -> Bool {
        isOpen && forecastly_gps_ask_devices(lib, data) == 0
    }

    /// Waits up to `microseconds` for one message.
    ///
    /// The lines are read here, not by libgps's gps_read, whose JSON reader
    /// spins for ever on some lines (see `GPSDLine`).
    func next(waitingUpTo microseconds: Int32) -> GPSDMessage? {
        guard isOpen else { return .closed }
        if !pending.isEmpty { return pending.removeFirst() }
        if let line = lines.nextLine() { return interpret(line) }
        var ready = pollfd(fd: forecastly_gps_socket(data), events: Int16(POLLIN), revents: 0)
        let polled = poll(&ready, 1, max(1, microseconds / 1_000))
        if polled < 0, errno == EINTR { return nil }
        guard polled > 0 else { return polled == 0 ? nil : closing() }
        let count = readBuffer.withUnsafeMutableBytes { recv(ready.fd, $0.baseAddress, $0.count, 0) }
        if count < 0, errno == EINTR || errno == EAGAIN { return nil }
        guard count > 0 else { return closing() }
        readBuffer.withUnsafeBytes { lines.append(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
        return lines.nextLine().map(interpret)
    }

    private func closing() -> GPSDMessage {
        close()
        return .closed
    }

    private func interpret(_ bytes: ArraySlice<UInt8>) -> GPSDMessage {
        pending = GPSDLine(bytes)?.messages ?? []
        return pending.isEmpty ? .other : pending.removeFirst()
    }
}
