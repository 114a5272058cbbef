import ForecastCore
import ForecastlyApp
import Foundation
import NetworkTransport

extension WeatherWidget {
    /// The widget on this machine, as the README shows it: the files and
    /// location sources forecastly itself uses, and the HTTP transport.
    /// (The tests never call it: it needs the network.)
    public static func showHere() async -> String {
        let transport = AsyncHTTPClientTransport(userAgent: "my-widget/1.0")
        let application = Application(context: .system(environment: ProcessInfo.processInfo.environment, transport: transport))
        let text = await WeatherWidget(application).text()
        await transport.shutdown()
        return text
    }
}
