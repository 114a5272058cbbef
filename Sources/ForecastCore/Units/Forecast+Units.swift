extension Forecast {
    /// The forecast in `units`: every value converted from the metric units
    /// providers are asked in (visibility from metres to kilometres or
    /// miles), in this one place, and the labels to match. Converting twice
    /// is a mistake the labels would show; it is done once, for display.
    public func converted(to units: MeasurementUnits) -> Forecast {
        // Already converted for display: its labels say so.
        guard self.units == .asProvided else { return self }
        var converted = self
        converted.units = ForecastUnits(units)
        let t = { (value: Double?) in value.map(units.temperature.fromCelsius) }
        let w = { (value: Double?) in value.map(units.windSpeed.fromKilometresPerHour) }
        let p = { (value: Double?) in value.map(units.precipitation.fromMillimetres) }
        let hpa = { (value: Double?) in value.map(units.pressure.fromHectopascals) }
        let d = { (value: Double?) in value.map(units.distance.fromMetres) }
        func hour(_ hour: HourlyForecast) -> HourlyForecast {
            var hour = hour
            (hour.temperature, hour.precipitation, hour.windSpeed) = (t(hour.temperature), p(hour.precipitation), w(hour.windSpeed))
            (hour.pressure, hour.dewPoint, hour.visibility) = (hpa(hour.pressure), t(hour.dewPoint), d(hour.visibility))
            return hour
        }
        func day(_ day: DailyForecast) -> DailyForecast {
            var day = day
            (day.temperatureMax, day.temperatureMin) = (t(day.temperatureMax), t(day.temperatureMin))
            (day.precipitationSum, day.windSpeedMax) = (p(day.precipitationSum), w(day.windSpeedMax))
            return day
        }
        if var now = current {
            (now.temperature, now.apparentTemperature, now.dewPoint) = (t(now.temperature), t(now.apparentTemperature), t(now.dewPoint))
            (now.precipitation, now.windSpeed, now.windGusts) = (p(now.precipitation), w(now.windSpeed), w(now.windGusts))
            (now.pressure, now.visibility) = (hpa(now.pressure), d(now.visibility))
            converted.current = now
        }
        converted.hourly = hourly.map(hour)
        converted.daily = daily.map(day)
        converted.past = past.map { PastWeather(hours: $0.hours.map(hour), yesterday: $0.yesterday.map(day)) }
        return converted
    }
}
