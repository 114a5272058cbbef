import ForecastlyApp
import Foundation

extension WeatherWidget {
    /// The widget on this machine for as long as it runs: one application
    /// (the files and location sources forecastly itself uses), whose HTTP
    /// client lives as long as the widget, asked again every `interval`.
    /// A `forecastly location deny` typed meanwhile holds from the next
    /// line on, and `forecastly location allow` brings the temperature back.
    /// (The tests run the same loop on a simulated source: this one needs
    /// the network.)
    public static func runHere(every interval: Duration, show: @Sendable (String) -> Void) async throws {
        try await Application.withSystem(userAgent: "my-widget/1.0") { application in
            try await WeatherWidget(application).run(every: interval, show: show)
        }
    }

    /// Shows a line, waits `interval`, and again, until cancelled.
    public func run(every interval: Duration, show: @Sendable (String) -> Void) async throws {
        while true {
            show(await text())
            try await Task.sleep(for: interval)
        }
    }
}
