import DesktopNotifications
import ForecastCore
import Foundation
import Testing
import TestSupport

/// The notifier against a real notification service (python3-dbusmock's
/// notification_daemon) on a private session bus.
@Suite(.serialized) struct DesktopNotifierTests {
    @Test func aNotificationArrivesWithItsUrgencyAndIsWithdrawn() async throws {
        try await NotificationDaemon.with { daemon in
            do {
                let notifier = DesktopNotifier(busAddress: daemon.busAddress)
                let id = try await notifier.show(summary: "Severe: Flood Watch", body: "until 16:00 · NWS Honolulu HI", urgency: .critical, replacing: 0)
                #expect(id > 0)
                let again = try await notifier.show(summary: "Extreme: Flood Warning", body: "until 18:00", urgency: .critical, replacing: id)
                #expect(again == id)
                try await notifier.withdraw(id)
                let calls = try await daemon.notifications()
                #expect(calls.map(\.method) == ["Notify", "Notify", "CloseNotification"])
                let first = try #require(calls.first)
                #expect(first.arguments[0] == "\"forecastly\"")
                #expect(first.arguments[1] == "0")
                #expect(first.arguments[3] == "\"Severe: Flood Watch\"")
                #expect(first.arguments[4] == "\"until 16:00 · NWS Honolulu HI\"".replacingOccurrences(of: "·", with: "\\u00b7"))
                #expect(first.arguments[6] == #"{"urgency": 2}"#)
                #expect(first.arguments[7] == "0")  // a warning stays until withdrawn
                #expect(calls[1].arguments[1] == "\(id)")
                #expect(calls[2].arguments == ["\(id)"])
            }
        }
    }

    @Test func withoutAServiceTheErrorSaysSo() async throws {
        try await NotificationDaemon.with(service: false) { daemon in
            do {
                let error = await #expect(throws: NotifierError.self) {
                    _ = try await DesktopNotifier(busAddress: daemon.busAddress).show(summary: "Rain", body: "", urgency: .normal, replacing: 0)
                }
                #expect(error?.message == "no notification service is running on the session bus")
            }
        }
    }
}
