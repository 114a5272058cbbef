// swift-tools-version: 6.1
import PackageDescription

let strictSwift6: [SwiftSetting] = [
    // Swift 6 language mode already implies complete concurrency checking;
    // these make the remaining upcoming checks explicit for every target.
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

// Linux is forecastly's platform: libgps, the system SQLite and (later)
// sd-bus come from Debian's -dev packages. Nothing here is built or tested
// on macOS.
let package = Package(
    name: "forecastly",
    products: [
        .executable(name: "forecastly", targets: ["forecastly"]),
        .library(name: "ForecastlyBase", targets: ["ForecastlyBase"]),
        .library(name: "NetworkTransport", targets: ["NetworkTransport"]),
        .library(name: "LocationProvider", targets: ["LocationProvider"]),
        .library(name: "Places", targets: ["Places"]),
        .library(name: "ForecastCore", targets: ["ForecastCore"]),
        .library(name: "ForecastProviders", targets: ["ForecastProviders"]),
        .library(name: "ForecastStore", targets: ["ForecastStore"]),
        .library(name: "ForecastlyLocalization", targets: ["ForecastlyLocalization"]),
        .library(name: "ForecastPresentation", targets: ["ForecastPresentation"]),
        .library(name: "ForecastlySettings", targets: ["ForecastlySettings"]),
        .library(name: "ForecastlyApp", targets: ["ForecastlyApp"]),
        .library(name: "ForecastlySimulation", targets: ["ForecastlySimulation"]),
        // Test doubles and the simulator, for other programs' tests, kept out
        // of the libraries above as swift-log keeps its in-memory handler apart.
        .library(name: "ForecastlyTesting", targets: ["ForecastlyTesting"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.1.1"),
        // The configuration file, config.toml.
        .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
        // `swift package generate-documentation`: the DocC catalogs of the libraries.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // C libraries, through Debian's -dev packages. Each shim.h says which
        // package to install when its header is missing.
        // libgps's headers only: shim.h loads libgps when a gpsd source is
        // first used, so the target declares no pkg-config (its `-lgps`
        // would link libgps into every binary).
        .systemLibrary(name: "CGPS"),
        // One call GRDB does not make and Swift cannot (a variadic C function).
        .systemLibrary(name: "CSQLite"),
        // sd-bus's header only, for GeoClue: shim.h loads libsystemd when a
        // GeoClue source is first used, as CGPS does libgps.
        .systemLibrary(name: "CDBus"),
        // The GeoNames places (15,000 people or more) and country names,
        // compiled into the binary with C23 #embed: a forecastly copied
        // anywhere on its own still knows every place.
        .target(name: "BundledPlaces", exclude: ["GeoNames"]),

        // The vocabulary every layer shares: exit statuses and user-facing
        // errors, Coordinate, XDG directories, atomic file writes,
        // terminal-safe text, durations.
        .target(name: "ForecastlyBase", swiftSettings: strictSwift6),
        // HTTP for IP geolocation, the geocoder and the weather services: a
        // protocol, its AsyncHTTPClient implementation, the HTTPS-or-loopback rule.
        .target(
            name: "NetworkTransport",
            dependencies: [
                "ForecastlyBase",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                // To name the decompressor's errors (AsyncHTTPClient uses it already).
                .product(name: "NIOHTTPCompression", package: "swift-nio-extras"),
            ],
            swiftSettings: strictSwift6
        ),
        // The gazetteer: finding places by name and naming coordinates. Not a
        // location provider: it never says where the user is.
        .target(
            name: "Places",
            dependencies: [
                "ForecastlyBase",
                "NetworkTransport",
                "BundledPlaces",
                // Reads GeoNames dumps as published (zip) or kept (gzip).
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ],
            swiftSettings: strictSwift6
        ),
        // Where the user is, and whether forecastly may ask: the
        // authorization state machine and the gpsd, IP and stored-place backends.
        .target(
            name: "LocationProvider",
            dependencies: ["CGPS", "CDBus", "ForecastlyBase", "NetworkTransport"],
            swiftSettings: strictSwift6
        ),
        // The forecast model, the `ForecastService` seam and the async
        // pipeline (locate, then load; watch; compare): what every front end
        // and every provider shares. Locating comes from LocationProvider,
        // and compare resolves names through Places.
        .target(
            name: "ForecastCore",
            dependencies: ["ForecastlyBase", "NetworkTransport", "LocationProvider", "Places"],
            swiftSettings: strictSwift6
        ),
        // The weather services behind the seam: Open-Meteo, MET Norway and
        // OpenWeather, each a service, its payload and the mapping onto
        // `Forecast`, and what they share (days from a series, daylight).
        .target(
            name: "ForecastProviders",
            dependencies: ["ForecastCore", "ForecastlyBase", "NetworkTransport"],
            swiftSettings: strictSwift6
        ),
        // The SQLite store (forecast cache, notes) and the caching service
        // that answers from it: the only users of GRDB and CSQLite.
        .target(
            name: "ForecastStore",
            dependencies: [
                "ForecastCore", "ForecastlyBase",
                // SQLite through GRDB (apt libsqlite3-dev).
                .product(name: "GRDB", package: "GRDB.swift"),
                "CSQLite",
            ],
            swiftSettings: strictSwift6
        ),
        // The user's language: which one (LANGUAGE, LC_ALL, LC_MESSAGES,
        // LANG), its messages from the gettext catalogs in po/ (embedded in
        // the binary by the plugin below), its dates and numbers (the
        // catalog's, or Foundation's for another country).
        .target(
            name: "ForecastlyLocalization",
            dependencies: ["ForecastlyBase"],
            swiftSettings: strictSwift6,
            plugins: ["EmbedTranslations"]
        ),
        // Writes po/*.po into a Swift file at build time (with the system
        // shell); adding a language is adding its .po file.
        .plugin(name: "EmbedTranslations", capability: .buildTool()),
        // What a person or a program reads: the report, one line and its
        // templates, JSON documents, the terminal and SVG meteograms, Waybar.
        .target(
            name: "ForecastPresentation",
            dependencies: ["ForecastCore", "ForecastlyBase", "ForecastlyLocalization", "LocationProvider", "Places"],
            swiftSettings: strictSwift6
        ),
        // The settings of a run: the configuration file (config.toml), the
        // locale's defaults, and which of flag, environment, file and locale
        // decides each setting.
        .target(
            name: "ForecastlySettings",
            dependencies: [
                "ForecastCore", "ForecastlyBase", "ForecastlyLocalization",
                // The providers a setting may name, and the keys they take.
                "ForecastProviders",
                .product(name: "TOMLKit", package: "TOMLKit"),
            ],
            swiftSettings: strictSwift6
        ),
        // Desktop notifications (`--watch --notify`): the freedesktop
        // Notifications service on the session bus, through sd-bus.
        .target(
            name: "DesktopNotifications",
            dependencies: ["CDBus", "ForecastCore"],
            swiftSettings: strictSwift6
        ),
        // The application: deciding the permission, finding the place, the
        // store-first run, the extras, the watch and its notices, compare,
        // notes and the location commands, with everything outside injected.
        // What the CLI, the simulator and library users all run.
        .target(
            name: "ForecastlyApp",
            dependencies: [
                "ForecastlyBase", "NetworkTransport", "LocationProvider", "Places", "ForecastCore", "ForecastProviders",
                "ForecastStore", "ForecastPresentation", "ForecastlyLocalization", "ForecastlySettings", "DesktopNotifications",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSwift6
        ),
        // libxml2's streaming reader, loaded when a GPX track is first read.
        .systemLibrary(name: "CXML"),
        // What `forecastly simulate` runs: permission stories played through
        // the application on a virtual clock, scripted location sources,
        // routes replayed from GPX and NMEA. Built from what it needs, so the
        // binary that links it carries no test doubles or test server.
        .target(
            name: "ForecastlySimulation",
            dependencies: [
                "ForecastlyApp", "ForecastlyBase", "LocationProvider", "NetworkTransport", "ForecastCore", "ForecastPresentation", "ForecastProviders", "CXML", "CDBus",
                // Serving a story to other programs: gpsd's protocol on loopback, GeoClue over sd-bus (CDBus).
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            swiftSettings: strictSwift6
        ),
        // Test doubles for other programs' tests, kept out of the libraries
        // above as swift-log keeps its in-memory handler apart.
        .target(
            name: "ForecastlyTesting",
            dependencies: [
                "ForecastlyApp", "ForecastlySimulation", "ForecastlyBase", "LocationProvider", "NetworkTransport", "ForecastCore",
                "ForecastProviders", "ForecastStore", "Places",
            ],
            swiftSettings: strictSwift6
        ),
        .executableTarget(
            name: "forecastly",
            dependencies: [
                "ForecastlyApp",
                "ForecastlySimulation",
                "ForecastCore",
                "ForecastProviders",
                "ForecastPresentation",
                "ForecastlyBase",
                "ForecastlySettings",
                "LocationProvider",
                "NetworkTransport",
                "Places",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSwift6
        ),

        // Test-only support shared by every test target: the loopback stub
        // HTTP server, gpsfake, the scripted gpsd and the GeoClue sandbox
        // (each started and stopped by one scoped helper), the Tests/Fixtures
        // locator, golden files and the one-clean-line check for errors.
        .target(
            name: "TestSupport",
            dependencies: [
                "ForecastlyBase", "ForecastlyLocalization", "NetworkTransport",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            ],
            path: "Tests/TestSupport",
            swiftSettings: strictSwift6
        ),
        // The recorded forecast most tests start from, decoded as a run decodes it.
        .target(
            name: "ForecastSamples",
            dependencies: ["ForecastCore", "ForecastProviders", "ForecastlyBase", "NetworkTransport", "TestSupport"],
            path: "Tests/ForecastSamples",
            swiftSettings: strictSwift6
        ),

        // One test target per library target, named for it.
        .testTarget(
            name: "ForecastlyBaseTests",
            dependencies: ["ForecastlyBase", "TestSupport"],
        ),
        .testTarget(
            name: "ForecastlySettingsTests",
            dependencies: ["ForecastlySettings", "ForecastCore", "ForecastlyBase", "ForecastlyLocalization", "TestSupport"],
        ),
        .testTarget(
            name: "NetworkTransportTests",
            dependencies: ["NetworkTransport", "TestSupport", .product(name: "NIOSSL", package: "swift-nio-ssl")],
        ),
        .testTarget(
            name: "LocationProviderTests",
            dependencies: [
                "LocationProvider", "ForecastlyBase", "NetworkTransport", "TestSupport",
                // The guard enforces the application's decisions; the sources are simulated.
                "ForecastlyApp", "ForecastlySimulation",
            ],
        ),
        .testTarget(
            name: "PlacesTests",
            dependencies: ["Places", "ForecastlyBase", "NetworkTransport", "TestSupport"],
        ),
        .testTarget(
            name: "ForecastCoreTests",
            dependencies: [
                "ForecastCore", "ForecastlyBase", "ForecastlyTesting", "LocationProvider", "NetworkTransport", "Places",
                "ForecastProviders", "ForecastSamples", "TestSupport",
                // The pipeline enforces the application's decisions over simulated sources.
                "ForecastlyApp", "ForecastlySimulation",
                // The watcher is tested with the store's stale fallback, as a run uses it.
                "ForecastStore",
                // A condition's glyph is measured as the report lays it out.
                "ForecastPresentation",
                // TestClock: watch-mode intervals and backoff run instantly.
                .product(name: "Clocks", package: "swift-clocks"),
            ],
        ),
        .testTarget(
            name: "ForecastProvidersTests",
            dependencies: [
                "ForecastProviders", "ForecastCore", "ForecastlyBase", "NetworkTransport", "ForecastSamples", "TestSupport",
                // MET Norway's caching terms are checked end to end through the store.
                "ForecastStore",
                // Times are checked as the place's clock shows them.
                "ForecastPresentation",
                .product(name: "NIOCore", package: "swift-nio"),
            ],
        ),
        .testTarget(
            name: "ForecastStoreTests",
            dependencies: [
                "ForecastStore", "ForecastCore", "ForecastlyBase", "ForecastlyTesting", "ForecastSamples", "TestSupport",
                // To make foreign SQLite files for the store's refusal tests.
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
        ),
        .testTarget(
            name: "ForecastPresentationTests",
            dependencies: [
                "ForecastPresentation", "ForecastCore", "ForecastProviders", "ForecastlyBase", "LocationProvider", "Places",
                "NetworkTransport", "ForecastSamples", "TestSupport",
            ],
        ),
        .testTarget(
            name: "ForecastlyLocalizationTests",
            dependencies: ["ForecastlyBase", "ForecastlyLocalization", "TestSupport"],
        ),
        .testTarget(
            name: "ForecastlySimulationTests",
            dependencies: [
                "ForecastlySimulation", "ForecastlyApp", "ForecastCore", "ForecastlyBase", "LocationProvider", "ForecastSamples", "TestSupport",
            ],
        ),
        .testTarget(
            name: "ForecastlyAppTests",
            dependencies: [
                "ForecastlyApp", "ForecastlySimulation", "ForecastlyTesting", "ForecastCore", "ForecastlyBase", "LocationProvider",
                "ForecastStore", "NetworkTransport", "Places", "ForecastSamples", "TestSupport",
                .product(name: "Clocks", package: "swift-clocks"),
            ],
        ),
        .testTarget(
            name: "ForecastlyTestingTests",
            dependencies: ["ForecastlyTesting", "ForecastlySimulation", "ForecastlyApp", "ForecastCore", "ForecastlyBase", "LocationProvider"],
        ),
        // Runs the built `forecastly` binary as a subprocess (depending on the
        // executable target makes SwiftPM build it first), and tests the
        // CLI's own documents through `@testable import forecastly`.
        .testTarget(
            name: "DesktopNotificationsTests",
            dependencies: ["DesktopNotifications", "ForecastCore", "TestSupport"],
            swiftSettings: strictSwift6
        ),
        .testTarget(
            name: "forecastlyTests",
            dependencies: [
                "forecastly", "ForecastlyBase", "LocationProvider", "Places", "TestSupport",
                "ForecastlyApp", "ForecastlySimulation", "ForecastlyTesting",
                .product(name: "NIOCore", package: "swift-nio"),
                // To damage a stored forecast as an older forecastly could have left it.
                "ForecastCore", "ForecastStore", "ForecastPresentation", .product(name: "GRDB", package: "GRDB.swift"),
            ],
        ),
    ],
    swiftLanguageModes: [.v6]
)
