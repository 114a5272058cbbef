import ForecastCore
import ForecastlyApp
import ForecastlyBase
import ForecastProviders
import Foundation
import NetworkTransport

/// Watch mode for days, compressed: forecastly's own watch
/// (`Application.watch`, as `--watch` runs it: the caching service over a
/// real SQLite store, Open-Meteo's client over the real transport, and on
/// every refresh the next two hours, the air and the warnings, the warnings
/// through the store with a clock that moves past their interval each time,
/// so each refresh asks and stores them) refreshing every 10 ms against a
/// loopback server given as the first argument, which goes down and comes
/// back on its own. Prints peak RSS, open file descriptors and threads
/// after 10 and after N refreshes, and the CPU used while idle between
/// refreshes. It asserts nothing.
///
/// usage: WatchSoak BASE_URL [REFRESHES]
@main
struct WatchSoak {
    static func main() async throws {
        let arguments = CommandLine.arguments
        guard arguments.count >= 2, let base = URL(string: arguments[1]) else {
            print("usage: WatchSoak BASE_URL [REFRESHES]")
            return
        }
        let total = arguments.count > 2 ? Int(arguments[2]) ?? 1000 : 1000
        let directory = NSTemporaryDirectory() + "forecastly-soak-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var environment = ["HOME": directory, "XDG_CONFIG_HOME": directory + "/config", "XDG_DATA_HOME": directory + "/data",
                           "XDG_CACHE_HOME": directory + "/cache", "LANG": "C.UTF-8"]
        for variable in ["FORECASTLY_OPEN_METEO_URL", "FORECASTLY_AIR_QUALITY_URL", "FORECASTLY_METEOALARM_URL", "FORECASTLY_NWS_URL",
                         "FORECASTLY_MET_NORWAY_URL"] {
            environment[variable] = base.absoluteString
        }
        let transport = AsyncHTTPClientTransport(userAgent: Forecastly.userAgent)
        let tick = Tick()
        var context = AppContext.system(environment: environment, transport: transport, notifier: nil)
        context.now = { tick.now }
        let application = Application(context: context)
        let place = try Coordinate(latitude: 50.45, longitude: 30.52)
        let settings = ForecastSettings(
            place: .typed(place), days: 7, service: ServiceSettings(fallback: false),
            extras: ExtrasWanted(airQuality: true, nowcast: true, alerts: true), cache: .refresh)
        let watching = WatchSettings(interval: .milliseconds(10), backoff: WatchBackoff(initial: .milliseconds(10), cap: .milliseconds(40)), refresh: true)
        var frames = 0, stale = 0, failed = 0, extrasFailed = 0
        var early: Sample?
        for await screen in try await application.watch(settings, watching: watching) {
            frames += 1
            tick.advance()
            if let extras = screen.answer?.extras, extras.airQuality == nil || extras.nowcast == nil || extras.alerts == nil { extrasFailed += 1 }
            switch screen.frame {
            case .forecast(_, .stale, _): stale += 1
            case .failed: failed += 1
            default: break
            }
            if frames == 10 { early = Sample.now() }
            if frames == total { break }
        }
        let late = Sample.now()
        // Idle: one refresh, then a long interval; the CPU used while waiting.
        let idle = Task {
            for await _ in try await application.watch(settings, watching: WatchSettings(interval: .seconds(3600))) {}
        }
        try await Task.sleep(for: .milliseconds(500))
        let cpuBefore = Sample.cpuSeconds()
        try await Task.sleep(for: .seconds(3))
        let idleCPU = Sample.cpuSeconds() - cpuBefore
        idle.cancel()
        await transport.shutdown()
        guard let early else { return }
        print("Watch soak: \(frames) refreshes every 10 ms against \(base.absoluteString) (\(stale) stale frames while it was down, \(failed) failed),")
        print("  each with the next two hours, the air and the warnings (\(extrasFailed) refreshes with an extra missing)")
        print("  after 10:   peak RSS \(early.peakKiB / 1024) MiB (\(early.peakKiB) KiB), \(early.descriptors) open fds, \(early.threads) threads")
        print("  after \(frames): peak RSS \(late.peakKiB / 1024) MiB (\(late.peakKiB) KiB), \(late.descriptors) open fds, \(late.threads) threads")
        print("  growth: \(late.peakKiB - early.peakKiB) KiB (goal: within 1024 KiB), fds \(late.descriptors - early.descriptors), threads \(late.threads - early.threads) (goal: 0)")
        print("  CPU while idle between refreshes: \(String(format: "%.1f", idleCPU * 1000)) ms in 3 s")
    }
}

/// A clock for the warnings' store that moves past MeteoAlarm's interval at
/// every refresh, so each refresh asks the service and writes the store.
final class Tick: @unchecked Sendable {
    private let lock = NSLock()
    private var time = Date()
    var now: Date { lock.withLock { time } }
    func advance() { lock.withLock { time = time.addingTimeInterval(601) } }
}

/// What /proc says of this process.
struct Sample {
    var peakKiB: Int
    var descriptors: Int
    var threads: Int

    static func now() -> Sample {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let peak = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") }
            .flatMap { Int($0.split(separator: " ").dropFirst().first ?? "") } ?? 0
        let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? 0
        let threads = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task").count) ?? 0
        return Sample(peakKiB: peak, descriptors: descriptors, threads: threads)
    }

    static func cpuSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }
}
