public import ForecastlyBase
public import Foundation
import NetworkTransport
import Synchronization

/// Locates with a GPS receiver through gpsd.
///
/// `currentLocation` waits for the first fix of mode 2D or better;
/// `updates` watches until cancelled, reporting satellites while searching,
/// a stale fix when fixes stop, a removed receiver, and reconnecting with
/// backoff when gpsd goes away. All libgps work runs on a dedicated thread.
public struct GPSDLocationProvider: LocationProvider {
    public struct Watching: Sendable {
        /// After this long without a new fix, a `fixStale` diagnostic is sent.
        public var staleAfter: Duration = .seconds(10)
        /// Reconnect delays grow from `firstRetry` to `maxRetry`.
        public var firstRetry: Duration = .milliseconds(500)
        public var maxRetry: Duration = .seconds(30)

        public init() {}
    }

    public let address: GPSDAddress
    public let watching: Watching
    /// How long a fix that did not come waits for gpsd's answer to asking
    /// again whether it has a receiver.
    public let deviceCheckPatience: Duration
    private let now: @Sendable () -> Date
    private let onSatellites: @Sendable (_ visible: Int, _ used: Int) -> Void

    public var kind: LocationSourceKind { .gpsd }

    /// A gpsd source at `address`. `onSatellites` is called with the
    /// satellites seen and used while `currentLocation` waits for a fix,
    /// e.g. for a spinner.
    public init(
        address: GPSDAddress = .default, watching: Watching = Watching(), deviceCheckPatience: Duration = .seconds(2),
        now: @escaping @Sendable () -> Date = Date.init,
        onSatellites: @escaping @Sendable (_ visible: Int, _ used: Int) -> Void = { _, _ in }
    ) {
        self.address = address
        self.watching = watching
        self.deviceCheckPatience = deviceCheckPatience
        self.now = now
        self.onSatellites = onSatellites
    }

    /// Reads `FORECASTLY_GPSD`; a malformed value is an input error.
    public static func address(from environment: [String: String], override: String?) -> Result<GPSDAddress, GPSDAddressError> {
        guard let text = override ?? environment[GPSDAddress.variable], !text.isEmpty else { return .success(.default) }
        guard let address = GPSDAddress(text) else { return .failure(GPSDAddressError(text: text)) }
        return .success(address)
    }

    public func currentLocation(timeout: Duration) async throws(LocationError) -> LocationFix {
        try await currentLocation(timeout: timeout, progress: onSatellites)
    }

    /// As `currentLocation(timeout:)`, calling `progress(visible, used)`
    /// whenever gpsd reports satellites (for a spinner).
    public func currentLocation(
        timeout: Duration, progress: @escaping @Sendable (Int, Int) -> Void
    ) async throws(LocationError) -> LocationFix {
        let cancelled = CancellationFlag()
        let address = self.address
        let deviceCheckPatience = self.deviceCheckPatience
        let now = self.now
        let result: Result<LocationFix, LocationError> = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                Thread.detachNewThread {
                    continuation.resume(returning: Self.waitForFix(
                        address: address, timeout: timeout, deviceCheckPatience: deviceCheckPatience,
                        cancelled: cancelled, now: now, progress: progress))
                }
            }
        } onCancel: {
            cancelled.set()
        }
        return try result.get()
    }

    public func updates() -> AsyncStream<LocationUpdate> {
        let cancelled = CancellationFlag()
        let (stream, continuation) = AsyncStream.makeStream(of: LocationUpdate.self, bufferingPolicy: .bufferingNewest(64))
        let address = self.address
        let watching = self.watching
        let now = self.now
        continuation.onTermination = { _ in cancelled.set() }
        Thread.detachNewThread {
            Self.watch(address: address, watching: watching, cancelled: cancelled, now: now) { continuation.yield($0) }
            continuation.finish()
        }
        return stream
    }

    // MARK: On the dedicated thread

    private static let slice: Int32 = 100_000 // µs: how often cancellation and deadlines are checked

    static func waitForFix(
        address: GPSDAddress, timeout: Duration, deviceCheckPatience: Duration,
        cancelled: CancellationFlag, now: @Sendable () -> Date,
        progress: (Int, Int) -> Void
    ) -> Result<LocationFix, LocationError> {
        let session: GPSDSession
        do { session = try GPSDSession(address: address) } catch { return .failure(error) }
        let deadline = ContinuousClock.now + timeout
        var satellites: (visible: Int, used: Int)?
        var hasDevice = false
        // gpsd greets every client with VERSION. A peer that never does is
        // something else (a web server, another daemon); waiting out the
        // whole timeout for it keeps a slow, socket-activated gpsd in the game.
        var greeted = false
        while ContinuousClock.now < deadline, !cancelled.isSet {
            guard let message = session.next(waitingUpTo: slice) else { continue }
            switch message {
            case .position(let mode, let latitude, let longitude, let accuracy, let altitude):
                guard let coordinate = try? Coordinate(latitude: latitude, longitude: longitude) else { continue }
                return .success(LocationFix(
                    coordinate: coordinate, accuracyMeters: accuracy, source: .gpsd,
                    // The receive time, not the receiver's clock: replayed and old
                    // receivers report week-rollover dates years off.
                    timestamp: now(),
                    gps: GPSDetails(mode: mode, satellitesUsed: satellites?.used ?? 0,
                                    satellitesVisible: satellites?.visible ?? 0, altitudeMeters: altitude)
                ))
            case .sky(let visible, let used):
                satellites = (visible, used)
                progress(visible, used)
            case .devices(let count): hasDevice = count > 0
            case .deviceAdded: hasDevice = true
            case .deviceRemoved: hasDevice = false
            case .version: greeted = true
            case .closed: return .failure(greeted ? .gpsdLost(address: address.description) : .notGpsd(address: address.description))
            case .noFix, .error, .other: continue
            }
        }
        if cancelled.isSet { return .failure(.noFix(timeoutSeconds: 0, satellitesSeen: satellites?.visible, satellitesUsed: satellites?.used)) }
        guard greeted else { return .failure(.notGpsd(address: address.description)) }
        if !hasDevice, satellites == nil, !Self.reportsADevice(session, patience: deviceCheckPatience) {
            return .failure(.noReceiver(address: address.description))
        }
        return .failure(.noFix(timeoutSeconds: timeout.inSeconds, satellitesSeen: satellites?.visible, satellitesUsed: satellites?.used))
    }

    /// Whether gpsd, asked now, lists a device. "No receiver" is a claim the
    /// user acts on (plugging one in), so it is checked at the moment it is
    /// made rather than inferred from notifications: a device that arrived
    /// while we watched is announced only once, and one still being probed
    /// when we connected is listed only after the probe.
    private static func reportsADevice(_ session: GPSDSession, patience: Duration) -> Bool {
        guard session.askForDevices() else { return false }
        let deadline = ContinuousClock.now + patience
        while ContinuousClock.now < deadline {
            switch session.next(waitingUpTo: slice) {
            case .devices(let count): return count > 0
            case .deviceAdded: return true
            case .closed: return false
            default: continue
            }
        }
        return false
    }

    static func watch(
        address: GPSDAddress, watching: Watching, cancelled: CancellationFlag, now: @Sendable () -> Date,
        emit: (LocationUpdate) -> Void
    ) {
        var retry = watching.firstRetry
        var lastFix = ContinuousClock.now
        var hadFix = false
        var reportedStale = false
        func retryLater(because error: LocationError) {
            emit(.diagnostic(.locationUnavailable(reason: "\(error.summary) Retrying in \(retry.inSeconds) s.")))
            sleep(retry, unless: cancelled)
            retry = min(retry * 2, watching.maxRetry)
        }
        while !cancelled.isSet {
            let session: GPSDSession
            do {
                session = try GPSDSession(address: address)
            } catch {
                retryLater(because: error)
                continue
            }
            var satellites: (visible: Int, used: Int)?
            var greeted = false
            reading: while !cancelled.isSet {
                if hadFix, !reportedStale, ContinuousClock.now - lastFix > watching.staleAfter {
                    emit(.diagnostic(.fixStale(ageSeconds: (ContinuousClock.now - lastFix).inSeconds)))
                    reportedStale = true
                }
                guard let message = session.next(waitingUpTo: slice) else { continue }
                switch message {
                case .position(let mode, let latitude, let longitude, let accuracy, let altitude):
                    guard let coordinate = try? Coordinate(latitude: latitude, longitude: longitude) else { continue }
                    lastFix = ContinuousClock.now
                    hadFix = true
                    reportedStale = false
                    emit(.fix(LocationFix(
                        coordinate: coordinate, accuracyMeters: accuracy, source: .gpsd, timestamp: now(),
                        gps: GPSDetails(mode: mode, satellitesUsed: satellites?.used ?? 0,
                                        satellitesVisible: satellites?.visible ?? 0, altitudeMeters: altitude))))
                case .sky(let visible, let used):
                    satellites = (visible, used)
                    emit(.diagnostic(.searching(satellitesVisible: visible, satellitesUsed: used)))
                case .noFix:
                    if !hadFix { emit(.diagnostic(.locationUnavailable(reason: "no fix yet"))) }
                case .devices(0):
                    emit(.diagnostic(.locationUnavailable(reason: "gpsd on \(address) has no receiver attached")))
                case .deviceRemoved:
                    emit(.diagnostic(.locationUnavailable(reason: "the GPS receiver was removed")))
                case .closed:
                    if greeted {
                        emit(.diagnostic(.locationUnavailable(reason: "gpsd on \(address) went away; reconnecting")))
                    } else {
                        retryLater(because: .notGpsd(address: address.description))
                    }
                    break reading
                case .version:
                    greeted = true
                    retry = watching.firstRetry
                case .devices, .deviceAdded, .error, .other:
                    continue
                }
            }
            session.close()
        }
    }

    private static func sleep(_ duration: Duration, unless cancelled: CancellationFlag) {
        let end = ContinuousClock.now + duration
        while ContinuousClock.now < end, !cancelled.isSet { Thread.sleep(forTimeInterval: 0.05) }
    }
}

public struct GPSDAddressError: Error, Sendable, Equatable, UserFacingError {
    public var text: String
    public init(text: String) { self.text = text }
    public var summaryMessage: MessageText { MessageText("“{text}” is not a gpsd address.", ["text": text.strippingTerminalControls(limit: 60)]) }
    public var adviceMessage: MessageText? { MessageText("Use HOST or HOST:PORT, e.g. localhost:2947 or [::1]:2947.") }
    public var exitStatus: ExitStatus { .usage }
}

/// Set from any thread, read by the libgps thread between waits.
final class CancellationFlag: Sendable {
    private let flag = Atomic<Bool>(false)
    var isSet: Bool { flag.load(ordering: .acquiring) }
    func set() { flag.store(true, ordering: .releasing) }
}
