import ArgumentParser
import AsyncHTTPClient
import Foundation
import NIOCore

/// The floor: the least a Swift command on forecastly's stack can do for a
/// forecast, with the same release flags. It parses its arguments with
/// swift-argument-parser, GETs the URL with AsyncHTTPClient and prints the
/// body. `scripts/benchmark-floor.py` states every forecastly figure as a
/// ratio to it, measured in the same run.
@main
struct Floor: AsyncParsableCommand {
    @Argument(help: "The URL to fetch.")
    var url: String

    func run() async throws {
        let client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup)
        do {
            let response = try await client.execute(HTTPClientRequest(url: url), timeout: .seconds(15))
            let body = try await response.body.collect(upTo: 16 << 20)
            FileHandle.standardOutput.write(Data(body.readableBytesView))
        } catch {
            try await client.shutdown()
            throw error
        }
        try await client.shutdown()
    }
}
