import ForecastlyBase
import ArgumentParser
import ForecastCore
import ForecastlyApp
import ForecastProviders
import ForecastlySettings

/// `--provider`'s values: the providers the registry lists.
protocol ProviderArgument: ExpressibleByArgument {}

extension WeatherProvider: ProviderArgument {
    /// A provider by its id, in any case: `--provider MET-Norway`.
    init?(argument: String) {
        guard let provider = WeatherProviders.named(argument) else { return nil }
        self = provider
    }

    static var allValueStrings: [String] { WeatherProviders.all.map(\.provider.id) }
    static var defaultCompletionKind: CompletionKind { .list(allValueStrings) }
    var defaultValueDescription: String { id }
}

/// `--plan`'s values: the paid plans the providers' registrations list.
struct PlanArgument: ExpressibleByArgument {
    let id: String

    init?(argument: String) {
        guard WeatherProviders.plans.contains(where: { $0.plan.id == argument.lowercased() }) else { return nil }
        id = argument.lowercased()
    }

    static var allValueStrings: [String] { WeatherProviders.plans.map(\.plan.id) }
    static var defaultCompletionKind: CompletionKind { .list(allValueStrings) }
}

/// The providers' help, worded from their registrations.
private enum ProviderHelp {
    static let provider: String = {
        let providers = WeatherProviders.all.map(\.provider)
        let named = providers.map { provider in
            provider.id + (provider == WeatherProviders.standard ? " (default)" : provider.needsKey ? " (needs a key)" : "")
        }
        return "Weather service: \(named.dropLast().joined(separator: ", ")) or \(named[named.count - 1]); or FORECASTLY_PROVIDER, or provider in config.toml."
    }()
    static let noFallback = "\(WeatherProviders.fallbackSentence); this turns it off."
    static let apiKey: String = {
        let variables = WeatherProviders.all.compactMap(\.provider.apiKeyVariable).joined(separator: " or ")
        let settings = WeatherProviders.all.compactMap(\.provider.apiKeySetting).joined(separator: " or ")
        return "The provider's API key. Others can see it in ps and your shell's history: prefer \(variables), or \(settings) in config.toml (mode 600)."
    }()
    static let plan = "A paid plan the key includes: " + WeatherProviders.plans.map { "\($0.plan.id), \($0.plan.summary) (or \($0.plan.environmentVariable)=1)" }.joined(separator: "; ") + "."
}

struct ServiceOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        ProviderHelp.provider,
        discussion: "forecastly about lists each provider's licence and terms.", valueName: "name"))
    var provider: WeatherProvider?

    @Flag(name: .customLong("no-fallback"),
          help: ArgumentHelp(ProviderHelp.noFallback))
    var noFallback = false

    @Option(name: .customLong("api-key"),
            help: ArgumentHelp(
                ProviderHelp.apiKey,
                valueName: "key"))
    var apiKey: String?

    @Option(name: .customLong("plan"), help: ArgumentHelp(ProviderHelp.plan, valueName: "plan"))
    var plans: [PlanArgument] = []

    @OptionGroup var waiting: TimeoutOptions
    var timeout: Double { waiting.timeout }

    /// The service to ask, with the provider and key `settings` decided.
    func settings(_ settings: Settings) -> ServiceSettings {
        // A language chosen for forecastly (--lang, lang) is the warnings' too.
        let chosen: String? = switch settings.language.source {
        case .flag, .file: settings.language.value.code
        default: nil
        }
        var service = ServiceSettings(provider: settings.provider.value, fallback: !noFallback, apiKey: settings.apiKey?.value,
                               plans: Set(plans.map(\.id)), language: chosen, extrasWait: settings.extrasWait.value)
        service.timeout = .milliseconds(Int64(timeout * 1000))
        return service
    }
}
