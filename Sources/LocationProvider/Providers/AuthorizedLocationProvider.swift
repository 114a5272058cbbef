public import ForecastlyBase
/// Wraps a backend so that it is only asked when the user allowed it and
/// the policy permits its kind: in every other state no request leaves the
/// machine. Typed and stored places (`manual`) need no permission.
public struct AuthorizedLocationProvider: LocationProvider {
    public let base: any LocationProvider
    public let authorization: LocationAuthorization

    public init(_ base: any LocationProvider, authorization: LocationAuthorization) {
        self.base = base
        self.authorization = authorization
    }

    public var kind: LocationSourceKind { base.kind }

    public func currentLocation(timeout: Duration) async throws(LocationError) -> LocationFix {
        let grant = try await permittedGrant()
        do {
            let fix = try await source(for: grant).currentLocation(timeout: timeout)
            return grant.map { fix.limited(to: $0.accuracy) } ?? fix
        } catch {
            await restrictIfTold(by: error)
            throw error
        }
    }

    /// The backend, asked for no more than the grant allows where it can be.
    private func source(for grant: LocationGrant?) -> any LocationProvider {
        guard let grant, let requesting = base as? any AccuracyRequestingProvider else { return base }
        return requesting.requesting(grant.accuracy)
    }

    /// A backend that learns of a restriction the user cannot lift (GeoClue:
    /// the desktop's switch is off, or its configuration forbids forecastly)
    /// hands it to the state machine, so the state says who restricts and
    /// every other source stops too.
    private func restrictIfTold(by error: LocationError) async {
        guard case .restricted(let restriction, _) = error, restriction != .policyFile(path: authorization.policy.path) else { return }
        _ = try? await authorization.handle(.policyRestricted(restriction))
    }

    /// The backend's updates while permission lasts: when the state leaves
    /// `authorized` (revoked, reset, restricted), the backend is stopped at
    /// once and the stream ends with the reason, so no fix is taken after
    /// the user said no.
    public func updates() -> AsyncStream<LocationUpdate> {
        AsyncStream { continuation in
            let task = Task {
                let grant: LocationGrant?
                do throws(LocationError) {
                    grant = try await permittedGrant()
                } catch {
                    continuation.yield(.diagnostic(Self.diagnostic(for: error)))
                    continuation.yield(.diagnostic(.failed(error)))
                    continuation.finish()
                    return
                }
                if grant?.accuracy == .reduced, base.kind != .ip { continuation.yield(.diagnostic(.accuracyLimited)) }
                await withTaskGroup(of: Void.self) { group in
                    group.addTask {
                        for await update in source(for: grant).updates() {
                            switch update {
                            case .fix(let fix) where grant != nil:
                                continuation.yield(.fix(fix.limited(to: grant!.accuracy)))
                            case .diagnostic(.failed(let error)):
                                await restrictIfTold(by: error)
                                continuation.yield(update)
                            default:
                                continuation.yield(update)
                            }
                        }
                    }
                    if grant != nil {
                        // The permission is watched while the backend runs.
                        group.addTask {
                            for await state in await authorization.updates() where !state.isAuthorized {
                                let error = Self.error(for: state)
                                continuation.yield(.diagnostic(Self.diagnostic(for: error)))
                                continuation.yield(.diagnostic(.failed(error)))
                                return
                            }
                        }
                    }
                    // Whichever ends first (the backend, or the permission) ends both.
                    await group.next()
                    group.cancelAll()
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// The error a state that does not permit locating stands for.
    static func error(for state: AuthorizationState) -> LocationError {
        switch state {
        case .notDetermined: .notDetermined
        case .denied: .denied
        case .restricted(_, let restriction): .restricted(restriction, source: nil)
        case .authorized: .denied  // not reached: only non-authorized states ask
        }
    }

    /// The grant to apply, `nil` for manual sources; throws in every state
    /// but authorized.
    private func permittedGrant() async throws(LocationError) -> LocationGrant? {
        guard base.kind != .manual else { return nil }
        let policy = authorization.policy
        guard policy.allows(base.kind) else {
            throw .restricted(.policyFile(path: policy.path), source: policy.locationEnabled ? base.kind : nil)
        }
        switch await authorization.state {
        case .notDetermined: throw .notDetermined
        case .denied: throw .denied
        case .restricted(_, let restriction): throw .restricted(restriction, source: nil)
        case .authorized(let grant): return grant
        }
    }

    static func diagnostic(for error: LocationError) -> LocationDiagnostic {
        switch error {
        case .denied: .authorizationDenied
        case .restricted: .authorizationRestricted
        case .notDetermined: .authorizationRequestInProgress
        default: .failed(error)
        }
    }
}
