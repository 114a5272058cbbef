import CGPS
import Foundation

/// One connection to gpsd through libgps, watching in JSON.
///
/// Not Sendable on purpose: libgps calls block, so a session lives on one
/// dedicated thread (never Swift's cooperative pool) and is used only there.
final class GPSDSession {
    enum Message: Equatable {
        case version
        case position(mode: Int, latitude: Double, longitude: Double, accuracy: Double?, altitude: Double?)
        case noFix(mode: Int)
        case sky(visible: Int, used: Int)
        case devices(count: Int)
        case deviceAdded
        case deviceRemoved
        case error(String)
        case closed
        case other
    }

    let address: GPSDAddress
    private let lib: UnsafeMutablePointer<forecastly_libgps>
    private let data: UnsafeMutablePointer<gps_data_t>
    private var buffer = [CChar](repeating: 0, count: 16_384)
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
    func next(waitingUpTo microseconds: Int32) -> Message? {
        guard isOpen else { return .closed }
        guard forecastly_gps_waiting(lib, data, microseconds) != 0 else { return nil }
        var closed: Int32 = 0
        let count = buffer.withUnsafeMutableBufferPointer {
            forecastly_gps_read_message(lib, data, $0.baseAddress, Int32($0.count), &closed)
        }
        if count < 0 {
            close()
            return .closed
        }
        if count == 0 { return nil }
        let line = buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        return interpret(line)
    }

    /// The message class comes from the raw JSON line: libgps's `set` mask
    /// cannot tell a removed device from an added one (LIBGPS-NOTES §1).
    private func interpret(_ line: String) -> Message {
        if line.contains(#""class":"VERSION""#) { return .version }
        if line.contains(#""class":"TPV""#) {
            let mode = Int(forecastly_fix_mode(data))
            guard forecastly_has_latlon(data) != 0 else { return .noFix(mode: mode) }
            return .position(
                mode: mode,
                latitude: forecastly_fix_latitude(data),
                longitude: forecastly_fix_longitude(data),
                accuracy: Self.horizontalError(data),
                altitude: Self.finite(forecastly_fix_altitude(data))
            )
        }
        if line.contains(#""class":"SKY""#) {
            return .sky(visible: Int(forecastly_satellites_visible(data)), used: Int(forecastly_satellites_used(data)))
        }
        if line.contains(#""class":"DEVICES""#) { return .devices(count: Int(forecastly_device_count(data))) }
        if line.contains(#""class":"DEVICE""#) {
            return line.contains(#""activated":0,"#) || line.contains(#""activated":0}"#) ? .deviceRemoved : .deviceAdded
        }
        if line.contains(#""class":"ERROR""#) {
            return .error(String(cString: forecastly_error_text(data)))
        }
        return .other
    }

    /// eph when gpsd gives it; otherwise the combined epx/epy (both 95%).
    private static func horizontalError(_ data: UnsafeMutablePointer<gps_data_t>) -> Double? {
        if let eph = finite(forecastly_fix_eph(data)) { return eph }
        guard let x = finite(forecastly_fix_epx(data)), let y = finite(forecastly_fix_epy(data)) else { return nil }
        return (x * x + y * y).squareRoot()
    }

    private static func finite(_ value: Double) -> Double? { value.isFinite ? value : nil }
}
