import ForecastlyBase
import Foundation
@testable import Places
import Testing

/// Names people recognize, from the bundled places (every place of 15,000
/// people or more): the city a point is in, not the district whose centre
/// happens to be nearest ("Waterfront Communities-The Island" for downtown
/// Toronto, "Sasazuka" for central Tokyo); the district too only in a big
/// city's outer half; US places with their state; "near" a place outside
/// every city; nothing far from any place.
@Suite struct PlaceNamingTests {
    /// Nil: nothing within 50 km, so a report shows the coordinates (the CLI's rule).
    static func name(_ latitude: Double, _ longitude: Double) async throws -> String? {
        let locality = await BundledIndex.gazetteer().locality(of: try Coordinate(latitude: latitude, longitude: longitude), within: 50_000)
        return locality.distanceMeters <= 50_000 ? locality.description : nil
    }

    @Test(arguments: [
        (43.6532, -79.3832, "Toronto, CA"),  // Toronto downtown
        (41.8781, -87.6298, "Chicago, IL, US"),  // Chicago Loop
        (1.3521, 103.8198, "Singapore, SG"),  // Singapore central
        (1.2897, 103.8501, "Singapore, SG"),  // Singapore CBD
        (35.6762, 139.6503, "Tokyo, JP"),  // Tokyo (Sasazuka)
        (35.6812, 139.7671, "Tokyo, JP"),  // Tokyo station
        (52.52, 13.41, "Berlin, DE"),  // Berlin
        (48.8566, 2.3522, "Paris, FR"),  // Paris
        (51.5074, -0.1278, "London, GB"),  // London
        (40.7128, -74.0060, "New York City, NY, US"),  // New York
        (34.0522, -118.2437, "Los Angeles, CA, US"),  // Los Angeles
        (-33.8688, 151.2093, "Sydney, AU"),  // Sydney
        (-37.8136, 144.9631, "Melbourne, AU"),  // Melbourne
        (-23.5505, -46.6333, "São Paulo, BR"),  // Sao Paulo
        (-34.6037, -58.3816, "Buenos Aires, AR"),  // Buenos Aires
        (19.4326, -99.1332, "Mexico City, MX"),  // Mexico City
        (30.0444, 31.2357, "Cairo, EG"),  // Cairo
        (-1.2921, 36.8219, "Nairobi, KE"),  // Nairobi
        (6.5244, 3.3792, "Lagos, NG"),  // Lagos
        (-33.9249, 18.4241, "Cape Town, ZA"),  // Cape Town
        (28.6139, 77.2090, "Delhi, IN"),  // New Delhi
        (19.0760, 72.8777, "Mumbai, IN"),  // Mumbai
        (39.9042, 116.4074, "Beijing, CN"),  // Beijing
        (31.2304, 121.4737, "Shanghai, CN"),  // Shanghai
        (37.5665, 126.9780, "Seoul, KR"),  // Seoul
        (55.7558, 37.6173, "Moscow, RU"),  // Moscow
        (50.4501, 30.5234, "Kyiv, UA"),  // Kyiv
        (41.0082, 28.9784, "Istanbul, TR"),  // Istanbul
        (25.2048, 55.2708, "Dubai International Financial Centre, Dubai, AE"),  // Dubai
        (13.7563, 100.5018, "Bangkok, TH"),  // Bangkok
        (-6.2088, 106.8456, "Jakarta, ID"),  // Jakarta
        (14.5995, 120.9842, "Manila, PH"),  // Manila
        (-41.2865, 174.7762, "Wellington, NZ"),  // Wellington
        (-36.8485, 174.7633, "Auckland, NZ"),  // Auckland
        (64.1466, -21.9426, "Reykjavík, IS"),  // Reykjavik
        (59.9139, 10.7522, "Oslo, NO"),  // Oslo
        (60.1699, 24.9384, "Helsinki, FI"),  // Helsinki
        (40.4168, -3.7038, "Madrid, ES"),  // Madrid
        (41.9028, 12.4964, "Rome, IT"),  // Rome
        (47.3769, 8.5417, "Zürich, CH"),  // Zurich
        (45.5017, -73.5673, "Montréal, CA"),  // Montreal
        (49.2827, -123.1207, "Downtown Vancouver, Vancouver, CA"),  // Vancouver
        (-12.0464, -77.0428, "Lima, PE"),  // Lima
        (4.7110, -74.0721, "Bogotá, CO"),  // Bogota
        (-33.4489, -70.6693, "Santiago, CL"),  // Santiago
        (33.5731, -7.5898, "Casablanca, MA"),  // Casablanca
        (9.0320, 38.7469, "Addis Ababa, ET"),  // Addis Ababa
        (21.3069, -157.8583, "Honolulu, HI, US"),  // Honolulu
        (61.2181, -149.9003, "Anchorage, AK, US"),  // Anchorage
        (42.0451, -87.6877, "Evanston, IL, US"),  // Evanston (suburb)
        (43.5890, -79.6441, "Mississauga, CA"),  // Mississauga (suburb)
        (48.8924, 2.2369, "La Defense, Paris, FR"),  // La Defense/Puteaux (suburb)
        (51.4700, -0.4543, "London, GB"),  // Heathrow
        (39.7817, -89.6501, "Springfield, IL, US"),  // Springfield IL
        (42.1015, -72.5898, "Springfield, MA, US"),  // Springfield MA
        (33.6609, -95.5555, "Paris, TX, US"),  // Paris TX
        (32.7555, -97.1, "Arlington, TX, US"),  // between Dallas and Fort Worth
        (52.25, 4.7, "near Hoofddorp, NL (6 km)"),  // between Amsterdam Haarlem
        (52.6, 13.7, "near Berlin, DE (21 km)"),  // just east of Berlin: not "near Marzahn", one of its districts
        // In the country, the most populous place within twice the nearest's distance is named,
        // but only one within 50 km: Madrid (87 km) and Valladolid (62 km) are beyond it.
        (41.0, -3.0, "near Guadalajara, ES (43 km)"),
        (41.5, -4.0, "near Aranda de Duero, ES (32 km)"),
        (45.0, -30.0, nil),  // Atlantic
        (-18.1416, 178.4419, "Suva, FJ"),  // Fiji, west of the date line
        (-17.8, 178.0, nil),  // Fiji, between towns
        (-16.5, 179.99, nil),  // across the date line, at sea
        (65.7, -168.5, nil),  // Bering
        (89.9, 0, nil),  // North pole
        (-89.9, 0, nil),  // South pole
        (78.2232, 15.6267, nil),  // Longyearbyen
    ] as [(Double, Double, String?)])
    func aPointIsNamedAsAPersonWouldNameIt(latitude: Double, longitude: Double, expected: String?) async throws {
        let name = try await Self.name(latitude, longitude)
        #expect(name == expected, "\(name ?? "nil")")
    }

    /// In a big city's outer half the district says where: Spandau is 15 km
    /// from Berlin's centre, in a city that covers 16.
    @Test func theOuterHalfOfACityNamesTheDistrictToo() async throws {
        let spandau = try #require(try await Self.name(52.5353, 13.2008))
        #expect(spandau.hasSuffix(", Berlin, DE"), "\(spandau)")
        #expect(spandau != "Berlin, DE")
    }

    @Test func theStateIsPartOfAUSPlacesName() async throws {
        let springfield = try #require(await BundledIndex.gazetteer().search(try PlaceQuery("Springfield, IL"), limit: 1).first)
        #expect(springfield.commonName == "Springfield, IL, US")
        let kyiv = try #require(await BundledIndex.gazetteer().search(try PlaceQuery("Kyiv"), limit: 1).first)
        #expect(kyiv.commonName == "Kyiv, UA")
        #expect(kyiv.nameWithDivision == "Kyiv, UA")  // a numbered division is never shown
    }
}
