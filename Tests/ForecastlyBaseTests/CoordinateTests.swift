import ForecastlyBase
import Testing

@Suite struct CoordinateTests {
    @Test(arguments: [(50.45, 30.52), (-33.9, 18.4), (90, 180), (-90, -180), (0, 0)])
    func validCoordinates(latitude: Double, longitude: Double) throws {
        let coordinate = try Coordinate(latitude: latitude, longitude: longitude)
        #expect(coordinate.latitude == latitude)
        #expect(coordinate.longitude == longitude)
    }

    @Test(arguments: [
        (91.0, 0.0, CoordinateError.outOfRange(axis: .latitude, value: 91)),
        (-90.0001, 0.0, .outOfRange(axis: .latitude, value: -90.0001)),
        (0.0, 180.5, .outOfRange(axis: .longitude, value: 180.5)),
        (0.0, -181.0, .outOfRange(axis: .longitude, value: -181)),
        (.nan, 0.0, .notFinite(axis: .latitude)),
        (0.0, .infinity, .notFinite(axis: .longitude)),
        (-.infinity, .nan, .notFinite(axis: .latitude)),
    ])
    func invalidCoordinatesAreRejected(latitude: Double, longitude: Double, error: CoordinateError) {
        #expect(throws: error) { try Coordinate(latitude: latitude, longitude: longitude) }
    }

    @Test(arguments: [
        (50.45, 30.52, "50.4500°N, 30.5200°E"),
        (-33.9, -70.65, "33.9000°S, 70.6500°W"),
        (0.00004, -0.00004, "0.0000°N, 0.0000°W"),
        (89.99999, 179.99999, "90.0000°N, 180.0000°E"),
    ])
    func description(latitude: Double, longitude: Double, text: String) throws {
        #expect(try Coordinate(latitude: latitude, longitude: longitude).description == text)
    }

    /// "LAT,LON" as a place, `--fix` and `ctl move` take it: a name is no
    /// pair (nil), and a pair out of range says which number is wrong.
    @Test func aDecimalPairIsReadOrRefusedWithItsReason() throws {
        #expect(try Coordinate.checked(decimalPair: " 50.45 , -30.5 ") == Coordinate(latitude: 50.45, longitude: -30.5))
        #expect(try Coordinate.checked(decimalPair: "Kyiv") == nil)
        #expect(try Coordinate.checked(decimalPair: "50.45;30.52") == nil)
        #expect(throws: CoordinateError.outOfRange(axis: .latitude, value: 95)) { try Coordinate.checked(decimalPair: "95,3") }
        #expect(throws: CoordinateError.outOfRange(axis: .longitude, value: -200)) { try Coordinate.checked(decimalPair: "1,-200") }
        #expect(Coordinate(decimalPair: "95,3") == nil)
    }

    @Test func coordinateErrorsNameTheAxisAndRange() {
        #expect(CoordinateError.outOfRange(axis: .latitude, value: 91).description == "latitude must be between -90 and 90; got 91")
        #expect(CoordinateError.outOfRange(axis: .longitude, value: -180.5).description == "longitude must be between -180 and 180; got -180.5")
        #expect(CoordinateError.notFinite(axis: .longitude).description == "longitude must be a finite number")
    }
}

@Suite struct XDGDirectoriesTests {
    @Test func followsTheSpecification() {
        let dirs = XDGDirectories(environment: ["HOME": "/home/ana", "XDG_CONFIG_HOME": "/cfg", "XDG_DATA_HOME": "relative/ignored"])
        #expect(dirs.config == "/cfg/forecastly")
        #expect(dirs.data == "/home/ana/.local/share/forecastly") // relative paths must be ignored
        #expect(dirs.cache == "/home/ana/.cache/forecastly")
    }
}

@Suite struct ExitStatusTests {
    /// The sysexits values, and 1 for a simulated scenario that broke an invariant (a failed test).
    @Test func exitStatusesAreTheSysexitsValues() {
        #expect(ExitStatus.allCases.map(\.rawValue) == [0, 1, 64, 65, 69, 73, 74, 75, 77, 78])
    }
}
