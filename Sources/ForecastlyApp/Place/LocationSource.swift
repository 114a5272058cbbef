import ForecastCore
import ForecastlyBase
import LocationProvider

/// What finds the user in one run: the backends `--source` names, each
/// behind the guard that enforces the permission's decisions, and the stored
/// place (which needs no permission).
struct LocationSource: Sendable {
    let provider: any LocationProvider
    let permission: Permission
    /// The kinds this run may use, for the decisions a watch follows.
    let kinds: Set<LocationSourceKind>
    let timeout: Duration
    /// What the plan falls back to while locating is refused: the stored
    /// place, when the run may use it and there is one. A watch shows it
    /// until the permission lets `provider` run.
    var storedPlace: (any LocationProvider)? = nil
}

extension Application {
    /// The source for `settings`, once the permission allows it: the
    /// decision is taken (by the rule), the user asked when it says so, and
    /// only then are the guarded backends handed out. A stored place is
    /// what is left of `auto` when locating is not permitted.
    ///
    /// - Parameter waitingIsFine: a watch starts even when locating is not
    ///   permitted: it shows why and follows the permission from then on.
    func locationSource(
        _ settings: LocatingSettings, permission: Permission, waitingIsFine: Bool = false,
        progress: @escaping ProgressReporter
    ) async throws -> LocationSource {
        let kinds = settings.source.kinds
        var plan = await permission.plan(for: kinds)
        if plan.decision == .mustAsk {
            progress(.waitingForPermission)
            switch await context.asker.ask(services: await servicesToAsk(kinds, settings: settings, permission: permission)) {
            case .answered(let answer):
                try await permission.handle(.answered(answer))
                plan = await permission.plan(for: kinds)
            case .noAnswer:
                plan.decision = .refused(.notAnswered)
            case .cannotAsk:
                if !waitingIsFine { plan.decision = .refused(.notDetermined) }
            }
        }
        let onSatellites: @Sendable (Int, Int) -> Void = { progress(.satellites(seen: $0, used: $1)) }
        // What the plan falls back to when locating is refused: the stored place, when there is one.
        var storedPlace: (any LocationProvider)?
        if plan.fallsBackToStoredPlace, case .success(_?) = context.backends.placeStore.load() {
            storedPlace = AuthorizedLocationProvider(try context.backends.backend(.manual, settings: settings, onSatellites: onSatellites), permission: permission)
        }
        if let refusal = plan.decision.refusal, !waitingIsFine {
            guard let storedPlace else { throw refusal }
            return LocationSource(provider: storedPlace, permission: permission, kinds: [.manual], timeout: settings.timeout)
        }
        let usable = kinds
        let providers: [any LocationProvider] = try usable.map { kind in
            let backend = try context.backends.backend(kind, settings: settings, onSatellites: onSatellites)
            return AuthorizedLocationProvider(backend, permission: permission)
        }
        let provider: any LocationProvider = providers.count == 1 ? providers[0]
            : AutomaticLocationProvider(providers, permission: permission, firstFixTimeout: settings.timeout, clock: context.clock) { source, error in
                let reason = error.summary.hasSuffix(".") ? String(error.summary.dropLast()) : error.summary
                AppLog.logger.debug("location: \(source.rawValue) gave no location (\(reason)); asking the next source")
            }
        return LocationSource(provider: provider, permission: permission, kinds: Set(usable), timeout: settings.timeout, storedPlace: storedPlace)
    }

    /// What the prompt names: every service a lookup would reach, as far as
    /// the policy lets the user allow it.
    private func servicesToAsk(_ kinds: [LocationSourceKind], settings: LocatingSettings, permission: Permission) async -> MessageText {
        // The plan as it would be once allowed: the sources the policy lets run.
        let allowed = LocationAuthorization.Snapshot(state: .authorized(LocationGrant(accuracy: .full)), policy: await permission.authorization.policy)
        let named = permission.rule.plan(allowed, sources: kinds).sources.map { context.backends.describe($0, settings: settings) }
        guard let first = named.first else { return MessageText("no location service") }
        return named.dropFirst().reduce(first) { MessageText("{first} and, if that has no fix, {then}", messages: ["first": [$0], "then": [$1]]) }
    }
}
