import ForecastCore
import ForecastlyApp
import ForecastlyBase

/// A status-bar weather widget on forecastly's application: the temperature
/// where the user is, or one line that says why there is none. The
/// application decides the permission, asks for it, locates, answers from
/// the store or the network; the widget only draws.
public struct WeatherWidget: Sendable {
    let application: Application

    public init(_ application: Application) {
        self.application = application
    }

    /// Where the user is, located as `auto` locates (gpsd, GeoClue, IP, the
    /// stored place), one day, in the user's settings.
    static let here = ForecastSettings(place: .located(LocatingSettings()), days: 1)

    /// What the widget shows now: "3°C", or why there is no temperature.
    public func text() async -> String {
        do {
            return Self.temperature(try await application.forecast(Self.here).forecast)
        } catch let error as any UserFacingError {
            return error.summary
        } catch {
            return "–"
        }
    }

    /// One line per screen while the application watches.
    public func lines() async throws -> AsyncStream<String> {
        let screens = try await application.watch(Self.here, watching: WatchSettings(interval: .seconds(600)))
        return AsyncStream { continuation in
            let drawing = Task {
                for await screen in screens { continuation.yield(Self.text(for: screen)) }
                continuation.finish()
            }
            continuation.onTermination = { _ in drawing.cancel() }
        }
    }

    /// How the widget draws a screen: also what a scenario's transcript shows.
    @Sendable public static func text(for screen: WatchScreen) -> String {
        switch screen.frame {
        case .forecast(let forecast, _, _): temperature(forecast)
        case .failed(let error, _): error.summary
        case .notLocated(let error, _), .notPermitted(let error): error.summary
        }
    }

    static func temperature(_ forecast: Forecast) -> String {
        guard let temperature = forecast.current?.temperature else { return "–" }
        return "\(Int(temperature.rounded()))\(forecast.units.temperature)"
    }
}
