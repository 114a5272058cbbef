public import ForecastlyBase
import Foundation

/// Where a warning applies, as far as its service says and forecastly can
/// tell. Services describe areas three ways, and each is matched its own way.
public enum AlertArea: Sendable, Hashable, Codable {
    /// The warning's own outline: covered when the place lies inside.
    case shape([AlertPolygon])
    /// The service was asked for this very point and answered with the
    /// warning (the NWS's `?point=` finds its zones; MetAlerts' `lat`/`lon`).
    case servedForPoint
    /// Only names or codes of regions (MeteoAlarm's EMMA_ID and NUTS areas):
    /// covered when a name is the place's region's; otherwise forecastly
    /// cannot place it, and says so instead of guessing.
    case named([String])

    /// Whether the warning covers `place`: true, false, or nil when it cannot be told.
    public func covers(_ place: AlertPlace) -> Bool? {
        switch self {
        case .shape(let polygons):
            return polygons.contains { $0.contains(place.coordinate) }
        case .servedForPoint:
            return true
        case .named(let names):
            let regions = Set(place.regionNames.map(AlertArea.comparable))
            guard !regions.isEmpty else { return nil }
            return names.contains { regions.contains(AlertArea.comparable($0)) } ? true : nil
        }
    }

    /// A region's name as compared: case, accents, hyphens and spacing ignored
    /// ("Haute Savoie" is "Haute-Savoie").
    static func comparable(_ name: String) -> String {
        name.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
            .unicodeScalars.filter { $0.properties.isAlphabetic || ("0"..."9").contains($0) }
            .map(String.init).joined()
    }
}

/// A polygon with holes: the first ring is its outline, the others are
/// holes cut out of it. Rings are lists of points; a ring need not repeat
/// its first point at the end.
public struct AlertPolygon: Sendable, Hashable, Codable {
    public var rings: [[Coordinate]]

    public init(rings: [[Coordinate]]) {
        self.rings = rings
    }

    /// Inside the outline and not strictly inside a hole. A point on an edge
    /// or a vertex of the outline is inside, and so is one on a hole's edge:
    /// a warning's border is where it still applies.
    public func contains(_ point: Coordinate) -> Bool {
        guard let outline = rings.first, outline.count >= 3 else { return false }
        let unwrap = Self.crossesAntimeridian(outline)
        func ringHolds(_ ring: [Coordinate]) -> Position { Self.position(of: point, in: ring, unwrapping: unwrap) }
        guard ringHolds(outline) != .outside else { return false }
        for hole in rings.dropFirst() where hole.count >= 3 {
            if ringHolds(hole) == .inside { return false }
        }
        return true
    }

    enum Position { case inside, onEdge, outside }

    /// A ring crosses the 180th meridian when one of its edges jumps more
    /// than half way round the world: such an edge means the short way, over
    /// the meridian, so longitudes are then counted 0...360.
    static func crossesAntimeridian(_ ring: [Coordinate]) -> Bool {
        zip(ring, ring.dropFirst() + ring.prefix(1)).contains { abs($0.longitude - $1.longitude) > 180 }
    }

    /// Even-odd ray casting in plain longitude/latitude (warning outlines are
    /// small enough that straight edges in degrees are what services draw).
    static func position(of point: Coordinate, in ring: [Coordinate], unwrapping: Bool) -> Position {
        func x(_ c: Coordinate) -> Double { unwrapping && c.longitude < 0 ? c.longitude + 360 : c.longitude }
        let px = x(point), py = point.latitude
        var inside = false
        var previous = ring[ring.count - 1]
        for current in ring {
            let (x1, y1, x2, y2) = (x(previous), previous.latitude, x(current), current.latitude)
            defer { previous = current }
            // On this edge (within a millimetre's worth of degrees)?
            let cross = (x2 - x1) * (py - y1) - (y2 - y1) * (px - x1)
            if abs(cross) <= 1e-9, (min(x1, x2) - 1e-12...max(x1, x2) + 1e-12).contains(px),
               (min(y1, y2) - 1e-12...max(y1, y2) + 1e-12).contains(py) {
                return .onEdge
            }
            if (y1 > py) != (y2 > py) {
                let crossingX = x1 + (py - y1) * (x2 - x1) / (y2 - y1)
                if px < crossingX { inside.toggle() }
            }
        }
        return inside ? .inside : .outside
    }
}

/// The place warnings are asked for: its point, its country (which chooses
/// the service) and the names of the regions it lies in (for warnings that
/// name regions only).
public struct AlertPlace: Sendable, Hashable {
    public var coordinate: Coordinate
    /// ISO 3166 alpha-2, upper case; nil at sea or when unknown.
    public var countryCode: String?
    public var regionNames: [String]

    public init(coordinate: Coordinate, countryCode: String?, regionNames: [String] = []) {
        self.coordinate = coordinate
        self.countryCode = countryCode?.uppercased()
        self.regionNames = regionNames
    }
}
