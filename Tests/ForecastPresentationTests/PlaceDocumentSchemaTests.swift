import ForecastPresentation
import ForecastlyBase
import Foundation
import Places
import Testing
import TestSupport

@Suite struct PlaceDocumentSchemaTests {
    /// `cities search --json` prints the forecast document's `place` fields plus `displayName` and `matchedName`.
    @Test func placeDocumentHasThePlaceFieldsAndADisplayName() throws {
        let documented = DocumentedSchema.keyPaths(try DocumentedSchema.example())
            .filter { $0.hasPrefix("location.place.") }
            .map { String($0.dropFirst("location.place.".count)) }
        let place = GazetteerPlace(id: 1, name: "Berlin", countryCode: "DE", countryName: "Germany", admin1: "16",
                                   coordinate: try Coordinate(latitude: 52.52, longitude: 13.41), population: 3_426_354,
                                   timeZone: "Europe/Berlin")
        let written = DocumentedSchema.keyPaths(try JSONSerialization.jsonObject(with: PlaceDocument(matches: [SearchMatch(place: place)]).encoded()))
        #expect(written == Set(documented.map { "[].\($0)" } + ["[].displayName", "[].matchedName"]))
    }
}
