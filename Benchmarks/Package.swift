// swift-tools-version: 6.1
// Benchmarks live in their own package so that building and testing
// forecastly never pays for the benchmark harness. Run: scripts/benchmark
import PackageDescription

let package = Package(
    name: "forecastly-benchmarks",
    dependencies: [
        .package(name: "forecastly", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
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
