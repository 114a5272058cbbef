public import ForecastlyBase
/// How long a permission lasts: remembered, or for this run only
/// ("Allow once").
public enum GrantDuration: String, Sendable, Hashable, Codable {
    case always
    case thisRun
}

public struct LocationGrant: Sendable, Hashable, Codable {
    public var accuracy: LocationAccuracy
    public var duration: GrantDuration

    public init(accuracy: LocationAccuracy, duration: GrantDuration = .always) {
        self.accuracy = accuracy
        self.duration = duration
    }
}

/// What the user decided, as it is remembered between runs.
public enum UserDecision: Sendable, Hashable {
    case notDetermined
    case denied
    case authorized(LocationAccuracy)
}

/// Whether forecastly may locate the user. Each case holds exactly what it
/// needs: `restricted` says who restricts and remembers the user's own
/// decision, so that lifting the restriction brings it back rather than
/// forgetting it.
public enum AuthorizationState: Sendable, Hashable {
    case notDetermined
    case denied
    case restricted(remembered: UserDecision, by: Restriction)
    case authorized(LocationGrant)

    /// The user's own decision as it should be stored (an "allow once"
    /// grant is not remembered).
    public var decisionToRemember: UserDecision {
        switch self {
        case .notDetermined: .notDetermined
        case .denied: .denied
        case .restricted(let remembered, _): remembered
        case .authorized(let grant) where grant.duration == .thisRun: .notDetermined
        case .authorized(let grant): .authorized(grant.accuracy)
        }
    }

    public init(decision: UserDecision) {
        switch decision {
        case .notDetermined: self = .notDetermined
        case .denied: self = .denied
        case .authorized(let accuracy): self = .authorized(LocationGrant(accuracy: accuracy))
        }
    }

    public var isAuthorized: Bool {
        if case .authorized = self { return true }
        return false
    }

    /// The state without its details (which accuracy, which restriction).
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        case notDetermined, denied, restricted, authorized
    }

    public var kind: Kind {
        switch self {
        case .notDetermined: .notDetermined
        case .denied: .denied
        case .restricted: .restricted
        case .authorized: .authorized
        }
    }

    /// The name used in output and JSON.
    public var name: String { kind.rawValue }
}

/// The answer to the permission prompt.
public enum PermissionAnswer: String, Sendable, Hashable, CaseIterable {
    case allow
    case allowOnce
    case deny
}

/// Everything that can change an `AuthorizationState`.
public enum AuthorizationEvent: Sendable, Hashable {
    /// The user answered the prompt (only asked while `notDetermined`).
    case answered(PermissionAnswer)
    /// The user grants permission later (`forecastly location allow`).
    case granted(LocationAccuracy)
    /// The user revokes permission later (`forecastly location deny`).
    case revoked
    /// The user forgets the decision (`forecastly location reset`).
    case reset
    /// Something the user cannot change turns location off: forecastly's
    /// policy file, the desktop's switch, or GeoClue's configuration.
    case policyRestricted(Restriction)
    /// The restriction no longer holds.
    case policyLifted
}

/// An event that cannot happen in a state, such as granting permission
/// while an administrator's policy forbids location.
public struct AuthorizationTransitionError: Error, Sendable, Hashable, CustomStringConvertible {
    public let state: AuthorizationState
    public let event: AuthorizationEvent

    public init(state: AuthorizationState, event: AuthorizationEvent) {
        self.state = state
        self.event = event
    }

    public var description: String {
        switch (state, event) {
        case (.restricted(_, let restriction), _): "\(restriction.description.prefix(1).lowercased() + restriction.description.dropFirst()) turns location off; it cannot be changed by forecastly"
        case (_, .answered): "the permission prompt was answered while no answer was pending (state \(state.name))"
        case (_, .policyLifted): "the policy was lifted while location was not restricted"
        default: "\(event) is not possible while authorization is \(state.name)"
        }
    }
}
