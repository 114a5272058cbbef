import CGPS

/// Facts about the libgps this binary was built against, for `forecastly about`
/// and for bug reports: gpsd's client API changed shape several times.
public enum GPSDLibrary {
    public static var apiVersion: String {
        "\(forecastly_gps_api_major()).\(forecastly_gps_api_minor())"
    }

    public static var defaultPort: Int { 2947 }
}
