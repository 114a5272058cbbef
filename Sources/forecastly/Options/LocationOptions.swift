import ArgumentParser
import ForecastlyApp
import ForecastlyBase
import ForecastlySettings
import Places

/// Where to forecast. Typed coordinates need no permission.
struct LocationOptions: ParsableArguments {
    // `.unconditional` lets `--lat -33.9` through: the value starts with a
    // dash, which ArgumentParser would otherwise take for an option.
    @Option(name: .customLong("lat"), parsing: .unconditional,
            help: ArgumentHelp("Latitude in decimal degrees, -90…90 (south is negative).", valueName: "degrees"))
    var latitude: String?

    @Option(name: .customLong("lon"), parsing: .unconditional,
            help: ArgumentHelp("Longitude in decimal degrees, -180…180 (west is negative).", valueName: "degrees"))
    var longitude: String?

    @Option(name: .customLong("city"),
            help: ArgumentHelp("A place name such as \"Kyiv\" or \"Paris, FR\".",
                               valueName: "name"),
            completion: .custom(PlaceCompletion.complete))
    var cities: [String] = []

    /// The help of `PLACE`, the first word of the commands that take one
    /// place (the forecast, `sky`, `alerts`, `chart`, `location set`).
    static let placeHelp =
        "A place: a city as --city takes it (\"Kyiv\", \"Paris, FR\"), or LAT,LON (\"50.45,30.52\"; south or west after --: \"-- -33.9,18.4\")."

    /// The place given as `forecastly PLACE` (a city, or "LAT,LON"), folded
    /// into these options: only one way of naming the place at a time.
    func including(place: String?) throws -> LocationOptions {
        guard let place else { return self }
        guard cities.isEmpty, latitude == nil, longitude == nil else {
            throw UsageMistake.error(MessageText("Give the place once: as PLACE, with --city, or with --lat and --lon."))
        }
        var options = self
        if let pair = Coordinate.decimalPair(place) {
            (options.latitude, options.longitude) = pair
        } else {
            options.cities = [place]
        }
        return options
    }

    /// The --city names, checked (empty, punctuation only, too long, control characters).
    func cityQueries() throws -> [PlaceQuery] {
        if !cities.isEmpty, latitude != nil || longitude != nil {
            throw UsageMistake.error(MessageText("Give either --city or --lat/--lon, not both."))
        }
        do {
            return try cities.map(PlaceQuery.init)
        } catch {
            throw UsageMistake.error(error)
        }
    }

    /// Where to forecast, in the application's order (`PlaceChoice.forRun`).
    func choice(locating: LocationSourceOptions, settings: Settings) throws -> PlaceChoice {
        try PlaceChoice.forRun(named: try named(), configured: settings.place, locatingAsked: locating.source != nil, locating: locating.settings)
    }

    /// The place these options name (the typed coordinate, else the first
    /// city), or nil when they name none.
    func named() throws -> PlaceChoice? {
        if let coordinate = try coordinate() { return .typed(coordinate) }
        if let city = try cityQueries().first { return .city(city) }
        return nil
    }

    /// The typed coordinate, `nil` when neither option was given.
    func coordinate() throws -> Coordinate? {
        switch (latitude, longitude) {
        case (nil, nil):
            return nil
        case (.some, nil):
            throw UsageMistake.error(MessageText("--lat needs --lon as well (both or neither)."))
        case (nil, .some):
            throw UsageMistake.error(MessageText("--lon needs --lat as well (both or neither)."))
        case (let lat?, let lon?):
            let latitude = try Self.degrees(lat, option: "--lat")
            let longitude = try Self.degrees(lon, option: "--lon")
            do {
                return try Coordinate(latitude: latitude, longitude: longitude)
            } catch {
                throw UsageMistake.error(error)
            }
        }
    }

    private static func degrees(_ text: String, option: String) throws -> Double {
        let trimmed = text.trimmingWhitespace()
        // Double("nan"), Double("inf") and hex floats parse; none is a place.
        guard let value = Double(trimmed), value.isFinite,
              trimmed.allSatisfy({ $0.isNumber || $0 == "." || $0 == "-" || $0 == "+" || $0 == "e" || $0 == "E" })
        else {
            throw UsageMistake.error(MessageText("{option} takes decimal degrees such as 50.45 or -33.9, not “{text}”.", ["option": option, "text": String(text.prefix(40))]))
        }
        return value
    }
}
