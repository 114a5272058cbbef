public import Places

/// What `cities search` found: the places, most populous first, or the
/// names it could have meant; and the place index's cache, when it could
/// not be kept.
public struct PlaceSearch: Sendable {
    public var matches: [SearchMatch]
    /// When nothing matched: the places spelled most like it.
    public var suggestions: [GazetteerPlace]
    public var unwrittenCaches: [CacheProblem]
}

/// The place index in use (`cities status`).
public struct PlaceIndexStatus: Sendable {
    public var count: Int
    /// "GeoNames cities15000 (bundled)" or the imported dump.
    public var source: String
    public var path: String
    public var unwrittenCaches: [CacheProblem]
}

extension Application {
    /// Places whose name starts with `query` (`cities search`).
    public func searchPlaces(_ query: PlaceQuery, limit: Int) throws(PlaceIndexError) -> PlaceSearch {
        let gazetteer = try context.places.gazetteer()
        let matches = gazetteer.searchMatches(query, limit: limit)
        return PlaceSearch(matches: matches, suggestions: matches.isEmpty ? gazetteer.suggestions(for: query) : [],
                           unwrittenCaches: unwrittenCaches(NoteLog()))
    }

    /// Which place index is used, and how many places it has.
    public func placeIndexStatus() throws(PlaceIndexError) -> PlaceIndexStatus {
        let gazetteer = try context.places.gazetteer()
        return PlaceIndexStatus(count: gazetteer.count, source: gazetteer.source, path: gazetteer.path,
                                unwrittenCaches: unwrittenCaches(NoteLog()))
    }

    /// Builds the user's place index from a GeoNames dump (`cities import`);
    /// on any error the index in use is kept.
    public func importPlaces(from path: String) throws(GazetteerImportError) -> Gazetteer {
        try context.places.index.importDump(at: path)
    }

    /// Removes the user's import: the bundled places are used again (`cities reset`).
    public func removeImportedPlaces() throws(GazetteerImportError) {
        try context.places.index.removeImport()
    }
}
