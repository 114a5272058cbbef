extension AuthorizationState {
    /// The transition table, as one pure function. Rows are states, columns
    /// events; ✗ is rejected with `AuthorizationTransitionError`.
    ///
    /// | state \ event  | answered(a)       | granted(acc)        | revoked | reset         | policyRestricted | policyLifted |
    /// |----------------|-------------------|---------------------|---------|---------------|------------------|--------------|
    /// | notDetermined  | allow: authorized(always), allowOnce: authorized(thisRun), deny: denied | authorized(acc) | denied | notDetermined | restricted(notDetermined) | ✗ |
    /// | denied         | ✗                 | authorized(acc)     | denied  | notDetermined | restricted(denied) | ✗ |
    /// | authorized(g)  | ✗                 | authorized(acc)     | denied  | notDetermined | restricted(remembered) | ✗ |
    /// | restricted(d)  | ✗                 | ✗                   | ✗       | ✗             | restricted(d)    | state of d   |
    public func applying(_ event: AuthorizationEvent) throws(AuthorizationTransitionError) -> AuthorizationState {
        switch (self, event) {
        case (.notDetermined, .answered(.allow)):
            return .authorized(LocationGrant(accuracy: .full, duration: .always))
        case (.notDetermined, .answered(.allowOnce)):
            return .authorized(LocationGrant(accuracy: .full, duration: .thisRun))
        case (.notDetermined, .answered(.deny)):
            return .denied
        case (.notDetermined, .granted(let accuracy)), (.denied, .granted(let accuracy)), (.authorized, .granted(let accuracy)):
            return .authorized(LocationGrant(accuracy: accuracy, duration: .always))
        case (.notDetermined, .revoked), (.denied, .revoked), (.authorized, .revoked):
            return .denied
        case (.notDetermined, .reset), (.denied, .reset), (.authorized, .reset):
            return .notDetermined
        case (.restricted, .policyRestricted):
            return self
        case (_, .policyRestricted):
            return .restricted(remembered: decisionToRemember)
        case (.restricted(let remembered), .policyLifted):
            return AuthorizationState(decision: remembered)
        default:
            throw AuthorizationTransitionError(state: self, event: event)
        }
    }
}
