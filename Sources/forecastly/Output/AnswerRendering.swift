import ForecastCore
import ForecastlyApp
import ForecastPresentation

extension ForecastOutput {
    /// The application's answer as this output writes it.
    func render(_ answer: ForecastAnswer, units: MeasurementUnits, hours: Int, oneLine: Bool = false) -> String {
        render(answer.forecast, units: units, placeName: answer.placeLabel?.said(words, distance: units.distance), hours: hours, place: answer.place, origin: answer.origin,
               extras: answer.extras, oneLine: oneLine)
    }
}

extension ForecastOutput {
    /// JSON and Waybar's lines are for programs: written as they are.
    var isDocument: Bool {
        switch self {
        case .json, .waybar: true
        case .report, .line: false
        }
    }

    /// Writes the answer on stdout: a document as it is, text for people in
    /// the locale's characters.
    func show(_ answer: ForecastAnswer, units: MeasurementUnits, hours: Int) {
        let text = render(answer, units: units, hours: hours)
        if isDocument { Terminal.standardOutput.writeDocument(text) } else { Terminal.standardOutput.write(text) }
    }
}
