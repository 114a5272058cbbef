extension Double {
    /// Fixed decimals with a point, whatever the locale; never "-0.0". The
    /// store keys forecasts by it and every renderer writes numbers with it,
    /// so the two always agree on what "45.59" is.
    public func decimalText(places: Int) -> String {
        let scale = [1, 10, 100, 1000][min(max(places, 0), 3)]
        let units = Int((abs(self) * Double(scale)).rounded())
        let sign = self < 0 && units != 0 ? "-" : ""
        guard scale > 1 else { return sign + String(units) }
        let fraction = String(units % scale)
        return sign + String(units / scale) + "." + String(repeating: "0", count: String(scale).count - 1 - fraction.count) + fraction
    }
}
