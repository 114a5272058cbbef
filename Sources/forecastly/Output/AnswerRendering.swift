import ForecastCore
import ForecastlyApp
import ForecastPresentation

extension ForecastOutput {
    /// The application's answer as this output writes it, with the
    /// warnings among `notes` (a watch's screen's; else the answer's own).
    func render(_ answer: ForecastAnswer, units: MeasurementUnits, hours: Int, oneLine: Bool = false, notes: [AppNote]? = nil) -> String {
        let warnings = (notes ?? answer.notes).filter { $0.kind == .warning }.map { words.say($0.message) }
        return render(answer.forecast, units: units, placeName: answer.placeLabel?.said(words, distance: units.distance), hours: hours, place: answer.place,
                      origin: answer.origin, extras: answer.extras, oneLine: oneLine, warnings: warnings)
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
