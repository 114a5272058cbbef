public import LocationProvider

/// An in-memory store for tests and simulations.
public actor InMemoryAuthorizationStore: AuthorizationStore {
    public private(set) var decision: UserDecision
    public private(set) var saveCount = 0
    private let failure: AuthorizationStoreError?

    public init(decision: UserDecision = .notDetermined, failingWith failure: AuthorizationStoreError? = nil) {
        self.decision = decision
        self.failure = failure
    }

    public func load() -> StoredAuthorization { StoredAuthorization(decision: decision) }

    public func save(_ decision: UserDecision) throws(AuthorizationStoreError) {
        if let failure { throw failure }
        self.decision = decision
        saveCount += 1
    }
}
