// swift-tools-version: 6.1
// Benchmarks live in their own package so that building and testing
// forecastly never pays for the benchmark harness. Run: scripts/benchmark
import PackageDescription

let package = Package(
    name: "forecastly-benchmarks",
    dependencies: [
        .package(name: "forecastly", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
        // The floor's stack: the versions forecastly itself takes.
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    ],
    targets: [
        // The floor: a minimal command on forecastly's stack that fetches a
        // URL and prints the body, built with forecastly's release flags
        // (scripts/benchmark-floor.py), the yardstick of every end-to-end figure.
        .executableTarget(
            name: "Floor",
            dependencies: [
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            path: "Floor/Floor"
        ),
        // Days of watching, compressed: a plain executable (no harness), run by scripts/benchmark.
        .executableTarget(
            name: "WatchSoak",
            dependencies: [
                .product(name: "ForecastlyApp", package: "forecastly"),
                .product(name: "ForecastCore", package: "forecastly"),
                .product(name: "ForecastlyBase", package: "forecastly"),
                .product(name: "ForecastProviders", package: "forecastly"),
                .product(name: "ForecastStore", package: "forecastly"),
                .product(name: "NetworkTransport", package: "forecastly"),
            ],
            path: "Soak/WatchSoak"
        ),
        .executableTarget(
            name: "ForecastDecoding",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "ForecastCore", package: "forecastly"),
                .product(name: "ForecastlyBase", package: "forecastly"),
                .product(name: "ForecastProviders", package: "forecastly"),
                .product(name: "ForecastPresentation", package: "forecastly"),
                .product(name: "NetworkTransport", package: "forecastly"),
            ],
            path: "Benchmarks/ForecastDecoding",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "PlaceLookup",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "ForecastlyBase", package: "forecastly"),
                .product(name: "Places", package: "forecastly"),
            ],
            path: "Benchmarks/PlaceLookup",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)
