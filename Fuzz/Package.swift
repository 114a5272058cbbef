// swift-tools-version: 6.1
// libFuzzer harnesses for every reader of outside data, in their own
// package so that building and testing forecastly never pays for them.
// Build and run: scripts/fuzz [SECONDS] (it passes -sanitize=fuzzer).
import PackageDescription

let harness: [SwiftSetting] = [.unsafeFlags(["-parse-as-library"])]

let package = Package(
    name: "forecastly-fuzz",
    dependencies: [.package(name: "forecastly", path: "..")],
    targets: [
        .executableTarget(
            name: "FuzzOpenMeteo",
            dependencies: [.product(name: "ForecastCore", package: "forecastly"), .product(name: "ForecastlyBase", package: "forecastly"),
                           .product(name: "NetworkTransport", package: "forecastly")],
            swiftSettings: harness),
    ]
)
