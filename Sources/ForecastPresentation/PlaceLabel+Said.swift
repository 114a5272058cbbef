public import ForecastCore
public import ForecastlyLocalization
public import Places

extension PlaceLabel {
    /// "bei Bjelovar, HR (45 km)", "near Springfield, IL, US (7 mi)": the
    /// word in this language, the distance in the reader's unit. A name is
    /// said as it is.
    public func said(_ words: Words, distance unit: DistanceUnit = .km) -> String {
        switch self {
        case .name(let name):
            return name
        case .near(let place, let meters):
            let distance = words.measure("\(Int(unit.fromMetres(meters).rounded())) \(unit.symbol)", unit: unit.symbol)
            return words("near {place} ({distance})", ["place": place, "distance": distance])
        }
    }
}
