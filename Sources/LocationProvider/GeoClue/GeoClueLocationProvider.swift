public import ForecastlyBase
public import Foundation
import Synchronization

/// Locates with GeoClue2, the desktop's location service on the system bus
/// (Wi-Fi, modems, network NMEA sources; the desktop's own switch and
/// accuracy limit). `DBUS_SYSTEM_BUS_ADDRESS` chooses the bus, as for every
/// D-Bus client. All sd-bus work runs on a dedicated thread.
///
/// A GeoClue client is started only through `AuthorizedLocationProvider`,
/// that is, once forecastly's own state is authorized: GeoClue's Wi-Fi
/// source sends the networks around to a web service, which is a location
/// leaving the machine.
public struct GeoClueLocationProvider: LocationProvider, AccuracyRequestingProvider {
    /// The name GeoClue knows forecastly by (its configuration's group name).
    public static let desktopID = "forecastly"

    public let desktopID: String
    /// What to ask for: exact for a full grant, the city for a reduced one.
    public let accuracy: LocationAccuracy
    /// The bus GeoClue is on; nil: the system bus (`DBUS_SYSTEM_BUS_ADDRESS`
    /// when set). Tests name their private bus here rather than change the
    /// process's environment, which other threads read meanwhile.
    public let busAddress: String?
    private let now: @Sendable () -> Date

    public var kind: LocationSourceKind { .geoclue }

    public init(
        desktopID: String = Self.desktopID, accuracy: LocationAccuracy = .full, busAddress: String? = nil,
        now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.desktopID = desktopID
        self.accuracy = accuracy
        self.busAddress = busAddress
        self.now = now
    }

    public func requesting(_ accuracy: LocationAccuracy) -> any LocationProvider {
        GeoClueLocationProvider(desktopID: desktopID, accuracy: accuracy, busAddress: busAddress, now: now)
    }

    /// The first real position GeoClue sends within `timeout`; placeholder
    /// positions are skipped (see `GeoClueFix.isPlaceholder`).
    public func currentLocation(timeout: Duration) async throws(LocationError) -> LocationFix {
        let stream = updates(timeout: timeout)
        for await update in stream {
            switch update {
            case .fix(let fix): return fix
            case .diagnostic(.failed(let error)): throw error
            case .diagnostic: continue
            }
        }
        throw .geoclueNoFix(timeoutSeconds: timeout.inSeconds, placeholders: 0)
    }

    /// Every position GeoClue sends until the consumer stops (`--watch`).
    public func updates() -> AsyncStream<LocationUpdate> { updates(timeout: nil) }

    /// Positions as they come; with a `timeout`, the stream ends after the
    /// first fix or when the time is up.
    func updates(timeout: Duration?) -> AsyncStream<LocationUpdate> {
        let (stream, continuation) = AsyncStream<LocationUpdate>.makeStream()
        let desktopID = self.desktopID, level = GeoClueAccuracyLevel(accuracy), now = self.now, busAddress = self.busAddress
        let flag = StopFlag()
        continuation.onTermination = { _ in flag.set() }
        Thread.detachNewThread {
            Self.run(desktopID: desktopID, level: level, busAddress: busAddress, timeout: timeout, now: now, stopped: flag.isSet,
                     yield: { continuation.yield($0) })
            continuation.finish()
        }
        return stream
    }

    /// The session's loop, on its own thread.
    static func run(
        desktopID: String, level: GeoClueAccuracyLevel, busAddress: String?, timeout: Duration?, now: @Sendable () -> Date,
        stopped: @Sendable () -> Bool, yield: (LocationUpdate) -> Void
    ) {
        // Starting may wait for GeoClue's agent; without a timeout, bound it all the same.
        let startDeadline = ContinuousClock.now.advanced(by: timeout ?? .seconds(30))
        let session: GeoClueSession
        do throws(LocationError) {
            session = try GeoClueSession.start(desktopID: desktopID, level: level, busAddress: busAddress, deadline: startDeadline)
        } catch {
            yield(.diagnostic(.failed(Self.timed(error, timeout ?? .seconds(30)))))
            return
        }
        var placeholders = 0
        while !stopped() {
            let deadline = timeout == nil ? ContinuousClock.now.advanced(by: .seconds(3600)) : startDeadline
            let event: GeoClueSession.Event
            do throws(LocationError) {
                event = try session.next(until: deadline, cancelled: stopped)
            } catch {
                yield(.diagnostic(.failed(Self.timed(error, timeout ?? .seconds(30)))))
                return
            }
            switch event {
            case .fix(let position):
                guard let fix = position.locationFix(receivedAt: now()) else {
                    placeholders += 1
                    yield(.diagnostic(.locationUnavailable(reason: "GeoClue sent a placeholder position (\(position.latitude), \(position.longitude)); waiting for a real fix")))
                    continue
                }
                yield(.fix(fix))
                if timeout != nil { return }
            case .switchedOff:
                yield(.diagnostic(.failed(.restricted(.desktopSwitchOff, source: .geoclue))))
                return
            case .timedOut:
                yield(.diagnostic(.failed(.geoclueNoFix(timeoutSeconds: (timeout ?? .zero).inSeconds, placeholders: placeholders))))
                return
            case .cancelled:
                return
            }
        }
    }

    /// The agent's silence is a timeout of the whole wait: name its length.
    private static func timed(_ error: LocationError, _ timeout: Duration) -> LocationError {
        if case .geoclueNoAgent = error { return .geoclueNoAgent(timeoutSeconds: timeout.inSeconds) }
        return error
    }
}

/// Set once by the stream's consumer going away; read by the session's thread.
final class StopFlag: Sendable {
    private let value = Atomic(false)

    func set() { value.store(true, ordering: .relaxed) }
    @Sendable func isSet() -> Bool { value.load(ordering: .relaxed) }
}

/// A backend that asks its source for no more precision than the grant
/// allows (GeoClue starts no source finer than the level requested), rather
/// than only rounding what it gets.
public protocol AccuracyRequestingProvider: LocationProvider {
    func requesting(_ accuracy: LocationAccuracy) -> any LocationProvider
}
