// swift-tools-version: 6.1
import PackageDescription

// A program that uses forecastly as a library, as the README shows: a
// status-bar weather widget on the application library (ForecastlyApp), and
// its tests on ForecastlyTesting and ForecastlySimulation. It depends on forecastly by path, so
// `scripts/test` (and CI) builds and tests it against the code beside it:
// a change that breaks a library user fails there.
let package = Package(
    name: "weather-widget",
    dependencies: [
        .package(name: "forecastly", path: "../.."),
    ],
    targets: [
        .target(
            name: "WeatherWidget",
            dependencies: [
                .product(name: "ForecastlyApp", package: "forecastly"),
                .product(name: "ForecastCore", package: "forecastly"),
                .product(name: "ForecastlyBase", package: "forecastly"),
                .product(name: "ForecastlySettings", package: "forecastly"),
                .product(name: "NetworkTransport", package: "forecastly"),
            ]
        ),
        .testTarget(
            name: "WeatherWidgetTests",
            dependencies: [
                "WeatherWidget",
                .product(name: "ForecastlyApp", package: "forecastly"),
                .product(name: "ForecastlyBase", package: "forecastly"),
                .product(name: "ForecastlySimulation", package: "forecastly"),
                .product(name: "ForecastlyTesting", package: "forecastly"),
                .product(name: "ForecastlyLocalization", package: "forecastly"),
                .product(name: "LocationProvider", package: "forecastly"),
            ],
            resources: [.copy("commute.gpx")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
