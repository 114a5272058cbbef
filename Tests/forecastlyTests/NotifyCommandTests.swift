import Foundation
import Synchronization
import Testing
import TestSupport

/// `--watch --notify` against a real notification service (python3-dbusmock's
/// notification_daemon on a private session bus): exactly the notifications
/// a scripted stretch of answers calls for, and none without `--notify`.
@Suite(.serialized) struct NotifyCommandTests {
    static let hilo = ["--lat", "19.7203", "--lon", "-155.0868"]

    /// The stub of the other tests with Hilo's warnings, the flash flood
    /// warning ending 5 s after the watch first asks (the watch keeps that
    /// answer for the NWS's 5 minutes, so the refresh 10 s later finds it
    /// ended), and rain in the next half hour.
    static func handler() -> @Sendable (StubHTTPServer.RecordedRequest) -> StubHTTPServer.Reply {
        let base = FullResponse.handler()
        let alerts = Mutex<String?>(nil)
        return { request in
            guard request.path == "/alerts/active" else { return base(request) }
            return .json(alerts.withLock { answer in
                if answer == nil { answer = AlertAnswers.hilo(flashFloodEndingIn: 5) }
                return answer!
            })
        }
    }

    static func watch(_ extra: [String], daemon: NotificationDaemon, server: StubHTTPServer, home: URL, stderr: Pipe? = nil) async throws -> (Process, Pipe) {
        let output = Pipe()
        let process = try await CLI.start(Self.hilo + ["--watch", "--interval", "10s", "--format", "%t"] + extra, home: home, environment: [
            "FORECASTLY_OPEN_METEO_URL": server.baseURL, "FORECASTLY_AIR_QUALITY_URL": server.baseURL,
            "FORECASTLY_NWS_URL": server.baseURL, "DBUS_SESSION_BUS_ADDRESS": daemon.busAddress,
        ], stdout: output, stderr: stderr)
        return (process, output)
    }

    @Test func eachWarningOnceRainOnceAndTheEndedWarningWithdrawn() async throws {
        let home = StoreCommandTests.home()
        defer { try? FileManager.default.removeItem(at: home) }
        try await NotificationDaemon.with { daemon in
            try await StubHTTPServer.with(handler: Self.handler()) { server in
                let (process, output) = try await Self.watch(["--notify"], daemon: daemon, server: server, home: home)
                defer {
                    kill(process.processIdentifier, SIGKILL)
                    process.waitUntilExit()
                }
                _ = await WatchCommandTests.readLine(output.fileHandleForReading, from: process)
                // The second refresh, 10 s later: the flash flood warning has ended.
                _ = await WatchCommandTests.readLine(output.fileHandleForReading, from: process)
                // A watch hands a refresh's notifications to the service (and has
                // its reply) before it shows the refresh: every one has arrived.
                let calls = try await daemon.notifications()
                let notified = calls.filter { $0.method == "Notify" }
                #expect(notified.count == 6, "\(calls)")
                let summaries = notified.map { $0.arguments[3] }
                #expect(summaries.prefix(5) == ["\"Extreme: Hurricane Warning\"", "\"Severe: Flood Watch\"", "\"Severe: Flash Flood Warning\"",
                                                 "\"Moderate: Tropical Cyclone Local Statement\"", "\"Moderate: High Surf Warning\""])
                #expect(notified.prefix(5).map { $0.arguments[6] } == Array(repeating: #"{"urgency": 2}"#, count: 3) + Array(repeating: #"{"urgency": 1}"#, count: 2))
                #expect(summaries.last?.hasPrefix("\"Rain starting in about") == true)
                // Withdrawn: the flash flood warning's notification, the third.
                let closed = calls.filter { $0.method == "CloseNotification" }
                #expect(closed.map(\.arguments) == [["3"]], "\(calls)")
                #expect(calls.last?.method == "CloseNotification")
            }
        }
    }

    /// The notifications speak the user's language, as the report does.
    @Test func notificationsInTheUsersLanguage() async throws {
        let home = StoreCommandTests.home()
        defer { try? FileManager.default.removeItem(at: home) }
        try await NotificationDaemon.with { daemon in
            try await StubHTTPServer.with(handler: Self.handler()) { server in
                let (process, output) = try await Self.watch(["--notify", "--lang", "de"], daemon: daemon, server: server, home: home)
                defer {
                    kill(process.processIdentifier, SIGKILL)
                    process.waitUntilExit()
                }
                _ = await WatchCommandTests.readLine(output.fileHandleForReading, from: process)
                // Shown after its notifications were handed over, as above.
                let notified = try await daemon.notifications().filter { $0.method == "Notify" }
                #expect(notified.count == 6, "\(notified)")
                #expect(notified.first?.arguments[3] == "\"Extrem: Hurricane Warning\"", "\(notified)")
                #expect(notified.first?.arguments[4].hasPrefix("\"bis ") == true, "\(notified)")
                #expect(notified.last?.arguments[3].hasPrefix("\"Regen ") == true, "\(notified)")
                #expect(notified.last?.arguments[4].contains("chsten zwei Stunden") == true, "\(notified)")
            }
        }
    }

    @Test func withoutNotifyNothingIsSent() async throws {
        let home = StoreCommandTests.home()
        defer { try? FileManager.default.removeItem(at: home) }
        try await NotificationDaemon.with { daemon in
            try await StubHTTPServer.with(handler: Self.handler()) { server in
                let (process, output) = try await Self.watch([], daemon: daemon, server: server, home: home)
                defer {
                    kill(process.processIdentifier, SIGKILL)
                    process.waitUntilExit()
                }
                let line = await WatchCommandTests.readLine(output.fileHandleForReading, from: process)
                #expect(line == "-1°C")
                // A watch hands a refresh's notifications to the service (and
                // has its reply) before it shows the refresh's line: by now any
                // notification of this refresh has arrived, so none means none.
                #expect(try await daemon.notifications().isEmpty)
            }
        }
    }

    /// No notification service: one line on stderr, once, and the watch goes on.
    @Test func noServiceIsOneLineAndTheWatchGoesOn() async throws {
        let home = StoreCommandTests.home()
        defer { try? FileManager.default.removeItem(at: home) }
        try await NotificationDaemon.with(service: false) { daemon in
            try await StubHTTPServer.with(handler: Self.handler()) { server in
                let errors = Pipe()
                let (process, output) = try await Self.watch(["--notify"], daemon: daemon, server: server, home: home, stderr: errors)
                defer {
                    kill(process.processIdentifier, SIGKILL)
                    process.waitUntilExit()
                }
                let first = await WatchCommandTests.readLine(output.fileHandleForReading, from: process)
                let note = await WatchCommandTests.readLine(errors.fileHandleForReading, from: process)
                let second = await WatchCommandTests.readLine(output.fileHandleForReading, from: process)
                #expect(first == "-1°C" && second == "-1°C")
                #expect(note == "forecastly: note: No desktop notifications: no notification service is running on the session bus; the watch goes on.")
            }
        }
    }

    @Test func notifyNeedsWatch() async throws {
        let result = try await CLI.run(Self.hilo + ["--notify"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--notify needs --watch"))
    }
}
