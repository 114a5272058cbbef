import ForecastCore
import ForecastlyBase

/// Where MET Norway's MetAlerts warns beyond the mainland: Svalbard, Jan
/// Mayen, and the sea areas off Norway (Skagerrak, the North Sea's
/// Norwegian part, the Norwegian Sea, the Barents Sea), where its gale and
/// polar-low warnings are for people at sea, and where a GPS box on a boat
/// is. A point there is asked of MetAlerts, and the warnings' own polygons
/// decide, as on land. The boxes are generous on purpose: a point inside
/// one that no warning area covers simply has no warning in force.
enum MetAlertsWaters {
    private struct Box {
        var latitudes: ClosedRange<Double>
        var longitudes: ClosedRange<Double>
    }

    private static let boxes = [
        Box(latitudes: 74.0...81.5, longitudes: 10.0...35.0),    // Svalbard and Bjørnøya
        Box(latitudes: 70.5...71.5, longitudes: -9.5...(-7.5)),   // Jan Mayen
        Box(latitudes: 57.0...74.0, longitudes: 2.0...32.0),      // the sea areas off the coast
    ]

    /// Whether a point no country claims (at sea, or on islands without a
    /// town in the index) lies where MetAlerts warns.
    static func covers(_ coordinate: Coordinate) -> Bool {
        boxes.contains { $0.latitudes.contains(coordinate.latitude) && $0.longitudes.contains(coordinate.longitude) }
    }
}
