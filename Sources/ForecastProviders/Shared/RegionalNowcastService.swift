public import ForecastCore
public import ForecastlyBase

/// The next two hours from the best source for the place: MET Norway's
/// radar Nowcast where its radars may reach and its answer says they do,
/// Open-Meteo's 15-minute model everywhere else, and wherever the radar's
/// answer fails or has no coverage.
public struct RegionalNowcastService: NowcastService {
    let radar: (any NowcastService)?
    let radarCovers: @Sendable (Coordinate) -> Bool
    let model: any NowcastService

    public init(radar: (any NowcastService)?, radarCovers: @escaping @Sendable (Coordinate) -> Bool = MetNorwayNowcastService.mayCover,
                model: any NowcastService) {
        self.radar = radar
        self.radarCovers = radarCovers
        self.model = model
    }

    public func nowcast(at coordinate: Coordinate) async throws(ForecastError) -> Nowcast {
        if let radar, radarCovers(coordinate), let nowcast = try? await radar.nowcast(at: coordinate) {
            return nowcast
        }
        return try await model.nowcast(at: coordinate)
    }
}
