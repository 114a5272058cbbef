extension ForecastCommand {
    /// Every option and flag of `forecast`, as its declaration in the option
    /// groups takes a value. A test checks this against ArgumentParser's own
    /// description of the command, so an option added there and not here fails.
    static let simpleArgumentNames: [String: SimpleArguments.Kind] = [
        "lat": .unconditionalOption, "lon": .unconditionalOption, "city": .repeatableOption,
        "source": .option, "gpsd": .option, "gps-timeout": .unconditionalOption,
        "days": .unconditionalOption, "hours": .unconditionalOption, "units": .option,
        "json": .flag, "format": .option, "oneline": .flag, "no-color": .flag, "verbose": .flag,
        "api-key": .option, "timeout": .unconditionalOption,
        "max-age": .unconditionalOption, "refresh": .flag, "offline": .flag,
        "watch": .flag, "interval": .unconditionalOption,
    ]

    /// The command for `arguments` (after the program's name; "forecast"
    /// first or not) when SimpleArguments reads them and they pass
    /// `validate()`, as ArgumentParser's parse would give it; nil for
    /// ArgumentParser to parse them.
    init?(simpleArguments arguments: [String]) {
        let words = arguments.first == "forecast" ? arguments.dropFirst() : arguments[...]
        guard var list = SimpleArguments(words, names: Self.simpleArgumentNames) else { return nil }
        self.init()
        do throws(SimpleArguments.Refusal) {
            location = try LocationOptions.read(&list)
            locating = try LocationSourceOptions.read(&list)
            forecastOptions = try ForecastOptions.read(&list)
            output = try OutputOptions.read(&list)
            service = try ServiceOptions.read(&list)
            cache = try CacheOptions.read(&list)
            watching = try WatchOptions.read(&list)
        } catch {
            return nil
        }
        guard list.isEmpty, (try? validate()) != nil else { return nil }
    }
}
