public import DesktopNotifications
public import ForecastCore
public import Foundation
public import NetworkTransport

extension Application {
    /// Runs `body` with forecastly's application on this machine (its files,
    /// gpsd, GeoClue and the IP service, as `AppContext.system`), over an
    /// HTTP client that lives exactly as long as `body` does: it is shut
    /// down when `body` returns or throws, as NIO's `executeThenClose`
    /// closes a channel. The application itself may be kept for as long as
    /// `body` runs (a widget's whole life); every request it serves reads
    /// the permission as the records hold it then.
    ///
    /// ```swift
    /// let text = try await Application.withSystem(userAgent: "my-widget/1.0") { application in
    ///     try await application.forecast(settings).forecast
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - environment: where settings, files and service endpoints are read from.
    ///   - userAgent: how the services know the client, as their terms ask.
    ///   - limits: connect and request time limits, and the largest body.
    ///   - asker: who answers "may forecastly use your location?" (nobody, by default).
    ///   - notifier: who is told of warnings and rain while watching.
    ///   - body: what to do with the application; its result is returned.
    public static func withSystem<Result: Sendable>(
        environment: [String: String] = ProcessInfo.processInfo.environment, userAgent: String,
        limits: AsyncHTTPClientTransport.Limits = AsyncHTTPClientTransport.Limits(),
        asker: any PermissionAsker = NoPermissionAsker(), notifier: (any WeatherNotifier)? = DesktopNotifier(),
        _ body: (Application) async throws -> Result
    ) async throws -> Result {
        let transport = AsyncHTTPClientTransport(userAgent: userAgent, limits: limits)
        let application = Application(context: .system(environment: environment, transport: transport, asker: asker, notifier: notifier))
        let result: Result
        do {
            result = try await body(application)
        } catch {
            await transport.shutdown()
            throw error
        }
        await transport.shutdown()
        return result
    }
}
