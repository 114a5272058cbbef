// swift-tools-version: 6.1
// libFuzzer harnesses for every reader of outside data, in their own
// package so that building and testing forecastly never pays for them.
// One binary; FUZZ_TARGET chooses the reader. Build and run: scripts/fuzz.
import PackageDescription

let package = Package(
    name: "forecastly-fuzz",
    dependencies: [.package(name: "forecastly", path: "..")],
    targets: [
        .executableTarget(
            name: "FuzzReaders",
            dependencies: [
                .product(name: "ForecastCore", package: "forecastly"),
                .product(name: "ForecastlyBase", package: "forecastly"),
                .product(name: "ForecastlySettings", package: "forecastly"),
                .product(name: "ForecastProviders", package: "forecastly"),
                .product(name: "ForecastPresentation", package: "forecastly"),
                .product(name: "ForecastlyLocalization", package: "forecastly"),
                .product(name: "ForecastStore", package: "forecastly"),
                .product(name: "ForecastlyApp", package: "forecastly"),
                .product(name: "ForecastlySimulation", package: "forecastly"),
                .product(name: "ForecastlyTesting", package: "forecastly"),
                .product(name: "LocationProvider", package: "forecastly"),
                .product(name: "NetworkTransport", package: "forecastly"),
                .product(name: "Places", package: "forecastly"),
            ],
            // libFuzzer supplies main.
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]),
    ]
)
