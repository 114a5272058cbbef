/// A paid plan a provider's key may include, which changes what forecastly
/// asks for (OpenWeather's One Call 3.0: hourly and 8 days). The user says
/// so with `--plan ID` or the plan's variable set to 1; the provider's
/// registration reads it, and nothing else needs to know the plan exists.
public struct ProviderPlan: Sendable, Hashable {
    /// What `--plan` takes ("onecall").
    public let id: String
    /// What it means, for `--help` ("the OpenWeather key includes One Call 3.0: hourly and 8 days").
    public let summary: String
    /// The variable that says so when set to 1.
    public let environmentVariable: String
    /// The option that said so before there was `--plan` ("--openweather-onecall"):
    /// given now, it is refused with the spelling to use instead.
    public let formerOption: String?

    public init(id: String, summary: String, environmentVariable: String, formerOption: String? = nil) {
        self.id = id
        self.summary = summary
        self.environmentVariable = environmentVariable
        self.formerOption = formerOption
    }
}
