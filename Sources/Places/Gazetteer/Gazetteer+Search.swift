import ForecastlyBase

/// Name lookups: prefix search for autocomplete, exact matches for
/// `--city`, and "did you mean" suggestions.
extension Gazetteer {
    /// Places whose name or an alternate name starts with the query's name,
    /// narrowed by the query's qualifiers, in `searchMatches` order.
    public func search(_ query: PlaceQuery, limit: Int = 10) -> [GazetteerPlace] {
        searchMatches(query, limit: limit).map(\.place)
    }

    /// Places named exactly as the query (in any of their names): those
    /// whose own name it is first, then those for which it is an alternate
    /// name, each most populous first.
    public func matches(_ query: PlaceQuery, limit: Int = 10) -> [GazetteerPlace] {
        ranked(query, exact: true, limit: limit).map { place(at: $0.rank) }
    }

    /// What autocomplete shows: places whose own name starts with what was
    /// typed first, then places found through an alternate or historic name
    /// ("san fr" is San Francisco before Quito, once "San Francisco de
    /// Quito"), each most populous first; an alternate match says which name
    /// matched. The same order decides `--city`, `compare` and completion.
    public func searchMatches(_ query: PlaceQuery, limit: Int = 10) -> [SearchMatch] {
        ranked(query, exact: false, limit: limit).map { match in
            SearchMatch(place: place(at: match.rank), alternateName: match.alternate.map { spelling(ofKeyAt: $0, place: match.rank, typed: query.name) },
                        rank: match.rank)
        }
    }

    /// Own-name matches first, then alternate-name matches with where the
    /// key that matched is; each most populous first, at most `limit` in all.
    func ranked(
        _ query: PlaceQuery, exact: Bool, limit: Int, rangeScanLimit: Int = Gazetteer.rangeScanLimit
    ) -> [(rank: Int, alternate: Int?)] {
        guard limit > 0 else { return [] }
        let filter = PlaceFilter(self, query.qualifiers)
        let range = keyRange(query.key, exact: exact)
        var own: [Int] = [], others: [(rank: Int, key: Int)] = []
        if !exact, range.count > rangeScanLimit {
            // A short prefix matches much of the index: walk places from the
            // most populous down, once for own names, once for the rest.
            for rank in 0..<count where filter.admits(rank) && ownNameHasPrefix(rank, query.key) {
                own.append(rank)
                if own.count == limit { break }
            }
            if own.count < limit {
                for rank in 0..<count where !own.contains(rank) && filter.admits(rank) && placeHasKey(rank, withPrefix: query.key) {
                    if let key = matchingKey(rank, query.key) { others.append((rank, key)) }
                    if own.count + others.count == limit { break }
                }
            }
        } else {
            var alternates: [Int: Int] = [:]
            for entry in range {
                let rank = placeOfKey(at: entry)
                guard rank < count else { continue }
                if entryIsOwnName(entry, place: rank) {
                    own.append(rank)
                } else if alternates[rank] == nil {
                    alternates[rank] = keyOffset(ofEntry: entry)
                }
            }
            own = Array(Set(own)).sorted().filter { filter.admits($0) }
            let ownSet = Set(own)
            others = alternates.filter { !ownSet.contains($0.key) && filter.admits($0.key) }
                .map { (rank: $0.key, key: $0.value) }.sorted { $0.rank < $1.rank }
        }
        let first = own.prefix(limit).map { (rank: $0, alternate: Int?.none) }
        return first + others.prefix(limit - first.count).map { (rank: $0.rank, alternate: Optional($0.key)) }
    }

    /// Where the first key of place `index` that starts with `prefix` is.
    private func matchingKey(_ index: Int, _ prefix: [UInt8]) -> Int? {
        keyOffsets(of: index).first { key(atOffset: $0).starts(with: prefix) }
    }

    /// The matched name as written: of the place's spellings of that key
    /// ("Kiev", "Kíev"), the one that begins as typed, else the first.
    private func spelling(ofKeyAt offset: Int, place rank: Int, typed: String) -> String {
        let matched = key(atOffset: offset)
        let spellings = keyOffsets(of: rank).filter { self.key(atOffset: $0) == matched }.map(writtenName(ofKeyAt:))
        let lowered = typed.lowercased()
        return spellings.first { $0.lowercased().hasPrefix(lowered) } ?? spellings.first ?? writtenName(ofKeyAt: offset)
    }

    /// The first of the match's names, as written, that begins with `typed`
    /// letter for letter (without regard to case): "München" for Munich and
    /// "Mün". Nil when none does, or the index keeps no spellings.
    public func name(of match: SearchMatch, writtenAs typed: String) -> String? {
        guard let rank = match.rank else { return nil }
        let lowered = typed.lowercased()
        return keyOffsets(of: rank).lazy.map(writtenName(ofKeyAt:)).first { $0.lowercased().hasPrefix(lowered) }
    }

    /// Whether `text` names a country (code or name) or a US state (code or
    /// name), so that "Paris, FR" and "Paris, TX" read as one place.
    public func isQualifier(_ text: String) -> Bool {
        let key = SearchKey.fold(text)
        guard !key.isEmpty else { return false }
        return USStates.isState(key) || !countryIndices(matching: key).isEmpty
    }

    /// Whether `part` of a list qualifies the name before it ("Paris, TX")
    /// rather than starting a new place ("Kyiv, Washington"): it names a
    /// country or state, and either the two together name a place or the
    /// part alone names none.
    public func qualifies(_ part: String, after name: [String]) -> Bool {
        guard isQualifier(part) else { return false }
        guard let joined = try? PlaceQuery((name + [part]).joined(separator: ", ")), let alone = try? PlaceQuery(part) else {
            return true
        }
        return !matches(joined, limit: 1).isEmpty || matches(alone, limit: 1).isEmpty
    }

    /// Up to `limit` places whose names are a small edit away from the
    /// query's, for "did you mean". Only names sharing the first letter are
    /// considered: typing slips rarely hit the first letter.
    public func suggestions(for query: PlaceQuery, limit: Int = 3) -> [GazetteerPlace] {
        let key = query.key
        guard let first = key.first else { return [] }
        let allowed = key.count <= 4 ? 1 : key.count <= 8 ? 2 : 3
        let range = keyRange([first], exact: false)
        let filter = PlaceFilter(self, query.qualifiers)
        var scored: [(distance: Int, rank: Int)] = []
        // A cap keeps a one-letter range of a large import to a few milliseconds.
        for entry in range.prefix(60_000) {
            let candidate = self.key(at: entry)
            guard abs(candidate.count - key.count) <= allowed else { continue }
            let distance = EditDistance.between(candidate, key, limit: allowed)
            guard distance <= allowed else { continue }
            let rank = placeOfKey(at: entry)
            guard rank < count, filter.admits(rank) else { continue }
            scored.append((distance, rank))
        }
        scored.sort { $0.distance != $1.distance ? $0.distance < $1.distance : $0.rank < $1.rank }
        // Only the closest spellings: one letter off beats two letters off.
        let closest = scored.first?.distance ?? 0
        var seen: Set<Int> = []
        var result: [GazetteerPlace] = []
        for candidate in scored where candidate.distance == closest && seen.insert(candidate.rank).inserted {
            result.append(place(at: candidate.rank))
            if result.count == limit { break }
        }
        return result
    }

    static let rangeScanLimit = 16_384
}

/// A place found by a search, and the alternate name it was found by
/// (folded, as the index keeps it), when not by its own name.
public struct SearchMatch: Sendable, Hashable {
    public let place: GazetteerPlace
    public let alternateName: String?
    /// The place's rank in the index it was found in.
    let rank: Int?

    public init(place: GazetteerPlace, alternateName: String? = nil) {
        self.init(place: place, alternateName: alternateName, rank: nil)
    }

    init(place: GazetteerPlace, alternateName: String?, rank: Int?) {
        self.place = place
        self.alternateName = alternateName
        self.rank = rank
    }

    /// "Quito, EC (San Francisco de Quito)": the place, and the name that found it, as written.
    public var description: String {
        place.qualifiedName + (alternateName.map { " (\($0))" } ?? "")
    }
}

/// The qualifiers of a query ("FR", "France", "MO") as a test on a place.
struct PlaceFilter {
    private let gazetteer: Gazetteer
    /// Per qualifier: the countries it names, and its folded form for the division code.
    private let parts: [(countries: Set<Int>, key: [UInt8])]

    init(_ gazetteer: Gazetteer, _ qualifiers: [String]) {
        self.gazetteer = gazetteer
        parts = qualifiers.map { qualifier in
            let key = SearchKey.fold(qualifier)
            return (gazetteer.countryIndices(matching: key), USStates.divisionKey(for: key))
        }
    }

    /// Every qualifier must name the place's country or its division.
    func admits(_ rank: Int) -> Bool {
        guard !parts.isEmpty else { return true }
        let country = gazetteer.countryIndex(ofPlace: rank)
        for part in parts where !part.countries.contains(country) {
            if part.key != gazetteer.admin1Key(ofPlace: rank) { return false }
        }
        return true
    }
}

extension Array where Element == Int {
    /// The first index whose element satisfies `predicate`, for a predicate
    /// that is false and then true along the (sorted) array.
    func partitioningIndex(where predicate: (Int) -> Bool) -> Int {
        var low = 0, high = count
        while low < high {
            let middle = (low + high) / 2
            if predicate(self[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
