@testable import ForecastCore
import ForecastlyBase
@testable import ForecastPresentation
import Foundation
import Testing
import TestSupport

/// The SVG meteogram: a golden file, and the picture as a person would see
/// it, rendered by a real renderer (rsvg-convert, from librsvg2-bin): its
/// size, the curve red above freezing and blue below where the layout puts
/// it, the precipitation bars dark blue, the empty sky white.
@Suite struct MeteogramSVGTests {
    static func chart() throws -> MeteogramSVG {
        MeteogramSVG(forecast: try PresentationTests.full(), placeName: "Kyiv, UA")
    }

    @Test func svgMatchesGolden() throws {
        Golden.check(try Self.chart().render(), against: "chart-kyiv.svg")
    }

    @Test func textFromOutsideIsEscaped() throws {
        var chart = try Self.chart()
        chart.placeName = "<script>&\"x\u{1B}[31m"
        let svg = chart.render()
        #expect(svg.contains("&lt;script&gt;&amp;&quot;x"))
        #expect(!svg.contains("<script>") && !svg.contains("\u{1B}"))
    }

    /// No wind label runs past the picture's edge: the last ones stand left of their arrows.
    @Test func everyWindLabelEndsInsideThePicture() throws {
        var chart = try Self.chart()
        // Hours that end at 03:00, where a wind label is drawn at the picture's right edge.
        chart.forecast.hourly = Array(chart.forecast.hourly.prefix(45))
        let svg = chart.render()
        let labels = svg.matches(of: /<text x="([0-9.]+)"( text-anchor="end")? y="414" [^>]*>([^<]+)<\/text>/)
        #expect(labels.count >= 4)
        for label in labels {
            let x = Double(label.output.1) ?? 0
            let end = label.output.2 == nil ? x + Double(label.output.3.count) * 6 : x
            #expect(end <= MeteogramSVG.Layout.width, "\(label.output.3) ends at \(end)")
        }
        #expect(labels.contains { $0.output.2 != nil })
    }

    static let renderer = "/usr/bin/rsvg-convert"

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: renderer), "rsvg-convert is missing; scripts/test installs librsvg2-bin"))
    func aRealRendererDrawsTheCurveAndBarsWhereTheyBelong() async throws {
        let chart = try Self.chart()
        let layout = try #require(chart.layout)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("chart-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let svg = directory.appendingPathComponent("chart.svg"), png = directory.appendingPathComponent("chart.png")
        try chart.render().write(to: svg, atomically: true, encoding: .utf8)
        try await Self.run(Self.renderer, [svg.path, "-o", png.path])

        // Where things must be, from the layout: a warm and a cold point of
        // the curve, the middle of the tallest amount bar, a patch of sky.
        let steps = chart.steps
        let warm = try #require(steps.first { ($0.temperature ?? 0) > 2 })
        let cold = try #require(steps.first { ($0.temperature ?? 0) < -1 })
        let wettest = try #require(steps.max { ($0.precipitation ?? 0) < ($1.precipitation ?? 0) })
        let point = { (step: HourlyForecast) in (x: Int(layout.x(step.time).rounded()), y: Int(layout.y(temperature: step.temperature!).rounded())) }
        let barX = Int((layout.x(wettest.time) + (layout.x(wettest.time.addingTimeInterval(3600)) - layout.x(wettest.time)) / 2).rounded())
        let barY = Int(MeteogramSVG.Layout.barsBottom) - 2
        let around = { (p: (x: Int, y: Int)) in (-3...3).flatMap { dx in (-3...3).map { dy in "\(p.x + dx),\(p.y + dy)" } } }
        let query = around(point(warm)) + around(point(cold)) + ["\(barX),\(barY)", "\(Int(MeteogramSVG.Layout.width) - 40),40"]
        let output = try await Self.run("/usr/bin/env", ["python3", Fixtures.url("chart/png-pixels.py").path, png.path] + query)
        let lines = output.split(separator: "\n").map { $0.split(separator: " ").compactMap { Int($0) } }
        #expect(lines.first == [Int(MeteogramSVG.Layout.width), Int(MeteogramSVG.Layout.height)])
        let pixels = Array(lines.dropFirst())
        let warmPixels = pixels[0..<49], coldPixels = pixels[49..<98]
        #expect(warmPixels.contains { $0[0] > 180 && $0[1] < 90 && $0[2] < 90 }, "no red near the warm point \(point(warm))")
        #expect(coldPixels.contains { $0[2] > 170 && $0[0] < 90 }, "no blue near the cold point \(point(cold))")
        #expect(!warmPixels.contains { $0[2] > 170 && $0[0] < 90 }, "blue where the curve is warm")
        let bar = pixels[98], sky = pixels[99]
        #expect(bar[2] > 150 && bar[0] < 80, "the amount bar is not dark blue: \(bar)")
        #expect(sky[0] > 240 && sky[1] > 240 && sky[2] > 240, "the sky is not white: \(sky)")
    }

    @discardableResult
    static func run(_ executable: String, _ arguments: [String]) async throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = await pipe.fileHandleForReading.dataUntilEnd()
        #expect(await process.ended() == 0, "\(executable) \(arguments.prefix(3))")
        return String(decoding: data, as: UTF8.self)
    }
}
