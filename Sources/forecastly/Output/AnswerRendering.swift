import ForecastCore
import ForecastlyApp
import ForecastPresentation

extension ForecastOutput {
    /// The application's answer as this output writes it.
    func render(_ answer: ForecastAnswer, units: UnitSystem, hours: Int) -> String {
        render(answer.forecast, units: units, placeName: answer.placeName, hours: hours, place: answer.place, origin: answer.origin,
               extras: answer.extras)
    }
}
