extension AuthorizationState {
    /// The transition table, as one pure function. Rows are states, columns
    /// events; ✗ is rejected with `AuthorizationTransitionError`.
    ///
    /// | state \ event  | answered(a)       | granted(acc)        | revoked | reset         | policyRestricted(r) | policyLifted |
    /// |----------------|-------------------|---------------------|---------|---------------|------------------|--------------|
    /// | notDetermined  | allow: authorized(always), allowOnce: authorized(thisRun), deny: denied | authorized(acc) | denied | notDetermined | restricted(notDetermined, r) | ✗ |
    /// | denied         | ✗                 | authorized(acc)     | denied  | notDetermined | restricted(denied, r) | ✗ |
    /// | authorized(g)  | ✗                 | authorized(acc)     | denied  | notDetermined | restricted(remembered, r) | ✗ |
    /// | restricted(d, r0) | ✗              | ✗                   | ✗       | ✗             | restricted(d, r0): the first reason stands | state of d |
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
        case (_, .policyRestricted(let restriction)):
            return .restricted(remembered: decisionToRemember, by: restriction)
        case (.restricted(let remembered, _), .policyLifted):
            return AuthorizationState(decision: remembered)
        default:
            throw AuthorizationTransitionError(state: self, event: event)
        }
    }
}
