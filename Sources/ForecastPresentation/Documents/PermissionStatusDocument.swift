public import LocationProvider

/// `location status --json`: the permission state, who restricts it (if
/// anyone), the policy and the decision file.
public struct PermissionStatusDocument: Encodable, Sendable {
    let state: AuthorizationState
    let policy: LocationPolicy
    let decisionFile: String

    public init(state: AuthorizationState, policy: LocationPolicy, decisionFile: String) {
        self.state = state
        self.policy = policy
        self.decisionFile = decisionFile
    }

    enum Keys: String, CodingKey {
        case state, accuracy, restriction, by, path, remembered, policy, locationEnabled, forbiddenSources, problem, decisionFile
    }

    public func encode(to encoder: any Encoder) throws {
        var root = encoder.container(keyedBy: Keys.self)
        try root.encode(state.name, forKey: .state)
        if case .authorized(let grant) = state { try root.encode(grant.accuracy.rawValue, forKey: .accuracy) } else {
            try root.encodeNil(forKey: .accuracy)
        }
        if case .restricted(let remembered, let restriction) = state {
            var node = root.nestedContainer(keyedBy: Keys.self, forKey: .restriction)
            try node.encode(restriction.name, forKey: .by)
            switch restriction {
            case .policyFile(let path): try node.encode(path ?? LocationPolicy.defaultPath, forKey: .path)
            case .geoclueConfiguration(let path): try node.encode(path, forKey: .path)
            case .desktopSwitchOff: try node.encodeNil(forKey: .path)
            }
            try node.encode(AuthorizationState(decision: remembered).name, forKey: .remembered)
        } else {
            try root.encodeNil(forKey: .restriction)
        }
        var node = root.nestedContainer(keyedBy: Keys.self, forKey: .policy)
        try node.encode(policy.path, forKey: .path)
        try node.encode(policy.locationEnabled, forKey: .locationEnabled)
        try node.encode(policy.forbiddenSources.map(\.rawValue).sorted(), forKey: .forbiddenSources)
        try node.encode(policy.problem?.text, forKey: .problem)
        try root.encode(decisionFile, forKey: .decisionFile)
    }

    public func encoded() -> [UInt8] { Array(DocumentEncoding.encode(self, empty: "{}")) }
}
