/// Facts about this build of forecastly.
public enum Forecastly {
    public static let version = "0.1.0"
    public static let userAgent = "forecastly/\(version)"
}
