import CDBus
import ForecastlyBase

/// A D-Bus service of the story's: a bus of its own (`PrivateBus`) and the
/// thread that serves one name on it (`BusThread`). What the simulated
/// GeoClue and the location portal share: starting both, cleaning up when
/// either fails, and stopping both.
final class ServedBus: Sendable {
    let bus: PrivateBus
    let thread: BusThread
    var connection: BusConnection { thread.connection }

    /// A bus of `kind` ("system", "session"), not yet served on.
    static func start(kind: String) async throws(ServeError) -> ServedBus {
        var reason = [CChar](repeating: 0, count: 256)
        guard let calls = forecastly_sdbus_service_calls(&reason, reason.count) else {
            let loader = String(decoding: reason.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw .busUnavailable(reason: MessageText("libsystemd cannot be loaded ({reason})", ["reason": loader.strippingTerminalControls(limit: 200)]))
        }
        return ServedBus(bus: try await PrivateBus.start(kind: kind), thread: BusThread(calls: calls))
    }

    private init(bus: PrivateBus, thread: BusThread) {
        self.bus = bus
        self.thread = thread
    }

    /// Serves `name`, every call going to `handler` with `context`; `ready`
    /// runs on the bus thread first (to register the objects). When it
    /// cannot, the bus is stopped and the error thrown.
    func serve(
        name: String, context: UnsafeMutableRawPointer,
        handler: @escaping @convention(c) (UnsafeMutableRawPointer?, Int32, UnsafePointer<CChar>?, UnsafePointer<CChar>?, OpaquePointer?,
                                            UnsafeMutablePointer<sd_bus_error>?) -> Int32,
        ready: @escaping @Sendable (BusConnection) -> Void
    ) async throws(ServeError) {
        if let failure = await thread.start(address: bus.address, name: name, context: context, handler: handler, ready: ready) {
            bus.stop()
            throw .busUnavailable(reason: .verbatim(failure.strippingTerminalControls(limit: 200)))
        }
    }

    /// `work`, on the bus thread (woken for it).
    func send(_ work: @escaping @Sendable (BusConnection) -> Void) { thread.send(work) }

    /// Stops serving, then the bus.
    func stop() async {
        await thread.stop()
        bus.stop()
    }
}
