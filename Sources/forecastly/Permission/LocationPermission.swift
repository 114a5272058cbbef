import ForecastlyBase
import Foundation
import LocationProvider

/// The one place where forecastly decides whether it may locate the user.
/// `forecast`, `--watch`, `notes add`, `chart`, `location show` and
/// `simulate` ask `requireAuthorized` before a location source starts;
/// `location allow|deny|reset` change the decision through `change`; a
/// watch follows it with `changes`. The view model and
/// `AuthorizedLocationProvider` enforce what is decided here: they never
/// decide themselves.
struct LocationPermission {
    let authorization: LocationAuthorization
    let policy: LocationPolicy
    /// Where the decision is kept, for `location status`.
    let decisionFile: String
    /// The policy file forecastly reads: FORECASTLY_POLICY_FILE, or the default.
    var policyFile: String { LocationPolicy.path(environment: environment) }
    private let environment: [String: String]

    /// The decision file and the administrator's policy, as they are now.
    /// - Parameter reportingWarnings: print what could not be read (a
    ///   damaged decision file, a bad policy); off when re-reading while watching.
    static func load(
        environment: [String: String] = ProcessInfo.processInfo.environment, reportingWarnings: Bool = true
    ) async -> LocationPermission {
        let directories = XDGDirectories(environment: environment)
        let policy = LocationPolicy.load(environment: environment)
        let store = FileAuthorizationStore(directories: directories)
        let (authorization, warnings) = await LocationAuthorization.load(store: store, policy: policy)
        if reportingWarnings {
            for warning in warnings { Terminal.standardError.writeLine("forecastly: warning: \(warning).") }
        }
        return LocationPermission(authorization: authorization, policy: policy, decisionFile: store.path, environment: environment)
    }

    /// A permission held in memory (`simulate`), decided here all the same.
    init(authorization: LocationAuthorization, policy: LocationPolicy, decisionFile: String,
         environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.authorization = authorization
        self.policy = policy
        self.decisionFile = decisionFile
        self.environment = environment
    }

    /// Returns when locating is permitted, asking on a terminal when the
    /// user has not decided yet (`services` names every service a lookup
    /// would reach). Throws the location error (exit 77) in every state in
    /// which it is not: without a terminal forecastly never asks, and never
    /// locates.
    func requireAuthorized(toAsk services: String) async throws {
        switch await authorization.state {
        case .authorized:
            return
        case .denied:
            throw LocationError.denied
        case .restricted(_, let restriction):
            throw LocationError.restricted(restriction, source: nil)
        case .notDetermined:
            guard Terminal.standardInput.isTerminal, Terminal.standardError.isTerminal else { throw LocationError.notDetermined }
            guard let answer = PermissionPrompt.ask(services: services) else { throw LocationError.notAnswered }
            try await authorization.handle(.answered(answer))
            if answer == .deny { throw LocationError.denied }
        }
    }

    /// The user's own decision (`location allow|deny|reset`), through the
    /// transition table, saved; returns the state it leads to.
    func change(_ event: AuthorizationEvent) async throws -> AuthorizationState {
        try await authorization.handle(event)
    }

    /// Each change of the decision made while this run goes on (another
    /// `forecastly location …`): the decision file, read again every few seconds.
    func changes() async -> AsyncStream<AuthorizationState> {
        let initial = await authorization.state
        let environment = self.environment
        return AsyncStream { continuation in
            let task = Task {
                var last = initial
                while !Task.isCancelled {
                    try? await Task.sleep(for: .seconds(3))
                    let state = await LocationPermission.load(environment: environment, reportingWarnings: false).authorization.state
                    if state != last {
                        continuation.yield(state)
                        last = state
                    }
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}
