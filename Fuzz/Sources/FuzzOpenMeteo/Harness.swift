import ForecastCore
import ForecastlyBase
import NetworkTransport

/// Any bytes as an Open-Meteo answer, for one place and for several: an
/// error is fine, a trap is a finding.
let request = try! ForecastRequest(coordinate: try! Coordinate(latitude: 50.45, longitude: 30.52), days: 7)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let body = Array(UnsafeBufferPointer(start: data, count: count))
    _ = try? OpenMeteoService.forecast(from: HTTPResponse(status: 200, body: body), for: request)
    _ = try? OpenMeteoService.forecasts(from: HTTPResponse(status: 200, body: body), for: [request, request])
    return 0
}
