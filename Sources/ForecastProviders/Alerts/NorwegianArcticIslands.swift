import ForecastlyBase

/// Svalbard and Jan Mayen: Norway's Arctic islands, where MET Norway warns
/// on land and in the waters close by. No town on them is in the place
/// index (none has 15,000 people), so a point there has no country; these
/// are the islands' extents, to say whose they are. It is not where MET
/// warns at sea: that is MET's own sea areas (`MetNorwaySeaAreas`).
enum NorwegianArcticIslands {
    private struct Extent {
        var latitudes: ClosedRange<Double>
        var longitudes: ClosedRange<Double>
    }

    private static let extents = [
        Extent(latitudes: 74.0...81.0, longitudes: 10.0...34.0),     // Svalbard, Bjørnøya to Kvitøya
        Extent(latitudes: 70.7...71.3, longitudes: -9.2...(-7.8)),   // Jan Mayen
    ]

    static func contains(_ coordinate: Coordinate) -> Bool {
        extents.contains { $0.latitudes.contains(coordinate.latitude) && $0.longitudes.contains(coordinate.longitude) }
    }
}
