public import ForecastlyBase
/// Wraps a backend so that it runs only while the decision it is handed
/// permits it: in every other state no request leaves the machine, and a
/// permission withdrawn while it runs stops it at once. It enforces the
/// decision of `permission`; it never decides.
public struct AuthorizedLocationProvider: LocationProvider {
    public let base: any LocationProvider
    public let permission: any LocatingDecisions

    public init(_ base: any LocationProvider, permission: any LocatingDecisions) {
        self.base = base
        self.permission = permission
    }

    public var kind: LocationSourceKind { base.kind }

    public func currentLocation(timeout: Duration) async throws(LocationError) -> LocationFix {
        let grant = try await permission.decision(for: [base.kind]).grant()
        do {
            let fix = try await source(for: grant).currentLocation(timeout: timeout)
            return grant.map { fix.limited(to: $0.accuracy) } ?? fix
        } catch {
            await report(error)
            throw error
        }
    }

    /// The backend, asked for no more than the grant allows where it can be.
    private func source(for grant: LocationGrant?) -> any LocationProvider {
        guard let grant, let requesting = base as? any AccuracyRequestingProvider else { return base }
        return requesting.requesting(grant.accuracy)
    }

    /// What a backend learnt that the authorization must hear of (GeoClue:
    /// the desktop's switch is off) goes to its state machine as an event;
    /// the next plan says what it means for every source.
    private func report(_ error: LocationError) async {
        if let event = error.authorizationEvent { await permission.observed(event) }
    }

    /// The backend's updates while the decision permits them: when it stops
    /// permitting (revoked, reset, restricted), the backend is stopped at
    /// once and the stream ends with the reason, so no fix is taken after
    /// the user said no. When the decision changes otherwise (a reduced
    /// grant), the stream ends too, to be started again under it.
    public func updates() -> AsyncStream<LocationUpdate> {
        AsyncStream { continuation in
            let task = Task.placed {
                let decision = await permission.decision(for: [base.kind])
                let grant: LocationGrant?
                do throws(LocationError) {
                    grant = try decision.grant()
                } catch {
                    continuation.yield(.diagnostic(Self.diagnostic(for: error)))
                    continuation.yield(.diagnostic(.failed(error)))
                    continuation.finish()
                    return
                }
                if grant?.accuracy == .reduced, base.kind != .ip { continuation.yield(.diagnostic(.accuracyLimited)) }
                let decisions = await permission.decisions(for: [base.kind])
                await withTaskGroup(of: Void.self) { group in
                    group.addTask {
                        for await update in source(for: grant).updates() {
                            switch update {
                            case .fix(let fix):
                                continuation.yield(.fix(grant.map { fix.limited(to: $0.accuracy) } ?? fix))
                            case .diagnostic(.failed(let error)):
                                await report(error)
                                continuation.yield(update)
                            default:
                                continuation.yield(update)
                            }
                        }
                    }
                    // The decision is watched while the backend runs: a refusal
                    // stops it with the reason; another grant (reduced accuracy)
                    // ends it for its consumer to start again under the new one.
                    group.addTask {
                        for await next in decisions where next != decision {
                            if let refusal = next.refusal {
                                continuation.yield(.diagnostic(Self.diagnostic(for: refusal)))
                                continuation.yield(.diagnostic(.failed(refusal)))
                            }
                            return
                        }
                        // No more decisions: the permission ended with its run, and so does locating.
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

    static func diagnostic(for error: LocationError) -> LocationDiagnostic {
        switch error {
        case .denied: .authorizationDenied
        case .restricted: .authorizationRestricted
        case .notDetermined: .authorizationRequestInProgress
        default: .failed(error)
        }
    }
}
