// swift-tools-version: 6.1
import PackageDescription

let strictSwift6: [SwiftSetting] = [
    // Swift 6 language mode already implies complete concurrency checking;
    // these make the remaining upcoming checks explicit for every target.
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "forecastly",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "forecastly", targets: ["forecastly"]),
        .library(name: "LocationProvider", targets: ["LocationProvider"]),
        .library(name: "ForecastCore", targets: ["ForecastCore"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.1.1"),
    ],
    targets: [
        // libgps's headers only (apt libgps-dev, found on the default include
        // path). No pkg-config: its `Libs: -lgps` would link libgps into every
        // binary, and shim.h loads it only when a gpsd source is used.
        .systemLibrary(name: "CGPS"),
        // One call GRDB does not make and Swift cannot (a variadic C function).
        .systemLibrary(
            name: "CSQLite",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        // HTTP for both LocationProvider (IP geolocation) and ForecastCore
        // (Open-Meteo): a protocol, its AsyncHTTPClient implementation and the
        // HTTPS-or-loopback rule. Its own target because LocationProvider may
        // not depend on ForecastCore.
        .target(
            name: "NetworkTransport",
            dependencies: [
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ],
            swiftSettings: strictSwift6
        ),
        .target(
            name: "LocationProvider",
            dependencies: [
                "CGPS",
                "NetworkTransport",
                // Reads GeoNames dumps as published (zip) or kept (gzip).
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ],
            exclude: ["Resources/SOURCES.md"],
            resources: [
                // The bundled gazetteer: GeoNames places of 15,000 people or more.
                .copy("Resources/cities15000.txt.gz"),
                .copy("Resources/countryInfo.txt"),
            ],
            swiftSettings: strictSwift6
        ),
        .target(
            name: "ForecastCore",
            dependencies: [
                "LocationProvider",
                "NetworkTransport",
                .product(name: "Logging", package: "swift-log"),
                // The store (forecast cache, notes): SQLite through GRDB (apt libsqlite3-dev).
                .product(name: "GRDB", package: "GRDB.swift"),
                "CSQLite",
            ],
            swiftSettings: strictSwift6
        ),
        .executableTarget(
            name: "forecastly",
            dependencies: [
                "ForecastCore",
                "LocationProvider",
                "NetworkTransport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSwift6
        ),

        // Test-only support shared by every test target: the loopback stub
        // HTTP server and the locator for Tests/Fixtures.
        .target(
            name: "TestSupport",
            dependencies: [
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            ],
            path: "Tests/TestSupport",
            swiftSettings: strictSwift6
        ),
        .testTarget(
            name: "LocationProviderTests",
            dependencies: ["LocationProvider", "NetworkTransport", "TestSupport"],
        ),
        .testTarget(
            name: "ForecastCoreTests",
            dependencies: [
                "ForecastCore", "LocationProvider", "NetworkTransport", "TestSupport",
                // TestClock: watch-mode intervals and backoff run instantly.
                .product(name: "Clocks", package: "swift-clocks"),
                // To make foreign SQLite files for the store's refusal tests.
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
        ),
        // Runs the built `forecastly` binary as a subprocess; depending on the
        // executable target makes SwiftPM build it before these tests run.
        .testTarget(
            name: "forecastlyTests",
            dependencies: ["forecastly", "ForecastCore", "TestSupport"],
        ),
    ],
    swiftLanguageModes: [.v6]
)
