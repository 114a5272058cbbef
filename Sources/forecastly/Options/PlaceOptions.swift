import ArgumentParser
import ForecastlyApp
import ForecastlyBase
import ForecastlySettings

/// The place of a command that shows one (`sky`, `alerts`, `chart`):
/// PLACE, or the location options, and how to locate without them.
struct PlaceOptions: ParsableArguments {
    @Argument(help: ArgumentHelp(LocationOptions.placeHelp, valueName: "place"), completion: .custom(PlaceCompletion.complete))
    var place: String?

    @OptionGroup(title: "Location") var given: LocationOptions
    @OptionGroup(title: "Locating (without --lat/--lon)") var locating: LocationSourceOptions

    /// The location options with PLACE folded in.
    var location: LocationOptions { get throws { try given.including(place: place) } }

    /// Checks that these options name one place at most, for `command`'s message.
    func checkOnePlace(for command: String) throws {
        let location = try self.location
        _ = try location.coordinate()
        guard try location.cityQueries().count <= 1 else {
            throw UsageMistake.error(MessageText("'{command}' shows one place; give --city once.", ["command": command]))
        }
    }

    /// Where to look, in the application's order.
    func choice(settings: Settings) throws -> PlaceChoice {
        try location.choice(locating: locating, settings: settings)
    }
}
