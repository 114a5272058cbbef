import ForecastlyBase
import Places
import Testing
import TestSupport

/// Every gazetteer and place-name error keeps the promise of one clean line
/// (`ErrorCase`).
@Suite struct PlacesErrorMessageTests {
    static let hostile = ErrorCase.hostile

    static let cases: [ErrorCase] = [
        ErrorCase(GazetteerImportError.unreadable(path: "/tmp/cities500.zip", reason: MessageText("no such file")), names: "/tmp/cities500.zip"),
        ErrorCase(GazetteerImportError.unsupportedFormat(path: "/tmp/x.bin", reason: .verbatim(hostile)), names: "/tmp/x.bin"),
        ErrorCase(GazetteerImportError.malformed(line: 12, reason: .verbatim(hostile)), names: "12"),
        ErrorCase(GazetteerImportError.noPlaces),
        ErrorCase(GazetteerImportError.cannotWrite(path: "/ro/places.index", reason: .verbatim(hostile)), names: "/ro/places.index"),
        ErrorCase(GazetteerOpenError.unreadable(path: "/x/places.index", reason: .verbatim(hostile)), names: "/x/places.index"),
        ErrorCase(GazetteerOpenError.invalid(path: "/x/places.index", reason: .verbatim(hostile)), names: "/x/places.index"),
        ErrorCase(PlaceIndexError.open(.invalid(path: "/x/places.index", reason: MessageText("not a forecastly place index"))), names: "/x/places.index"),
        ErrorCase(PlaceIndexError.cannotWrite(.cannotWrite(path: "/home/u/.cache/forecastly/places.idx", reason: .verbatim(hostile))), names: "/home/u/.cache/forecastly/places.idx"),
        ErrorCase(PlaceIndexError.bundledDataDamaged(.noPlaces)),
        ErrorCase(PlaceResolutionError.notFound(query: "Kyyv", suggestions: ["Kyiv, UA"], onlineFailure: nil), names: "Kyiv"),
        ErrorCase(PlaceResolutionError.notFound(query: "Atlantis", suggestions: [], onlineFailure: .verbatim(hostile)), names: "Atlantis"),
        ErrorCase(PlaceResolutionError.notFound(query: "Atlantis", suggestions: [], onlineFailure: nil), names: "Atlantis"),
        ErrorCase(PlaceQueryError.empty), ErrorCase(PlaceQueryError.noLetters("123")), ErrorCase(PlaceQueryError.coordinates("50.45 30.52"), names: "50.45 30.52"),
        ErrorCase(PlaceQueryError.coordinates("50.45,30.52"), names: "50.45,30.52"), ErrorCase(PlaceQueryError.coordinatesInList("50.45"), names: "50.45"),
        ErrorCase(PlaceQueryError.tooLong(characters: 500)), ErrorCase(PlaceQueryError.controlCharacters),
    ]

    @Test(arguments: cases)
    func isOneCleanLineWithANextStepAndASysexitsStatus(_ item: ErrorCase) {
        #expect(item.brokenPromises.isEmpty, "\(item.brokenPromises)")
    }
}
