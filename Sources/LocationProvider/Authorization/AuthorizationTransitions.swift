extension AuthorizationState {
    /// The transition table, as one pure function. Rows are states, columns
    /// events; ✗ is rejected with `AuthorizationTransitionError`.
    ///
    /// | state \ event  | answered(a)       | granted(acc)        | revoked | reset         | policyRestricted(r) | policyLifted |
    /// |----------------|-------------------|---------------------|---------|---------------|------------------|--------------|
    /// | notDetermined  | allow: authorized(always), allowOnce: authorized(thisRun), deny: denied | authorized(acc) | denied | notDetermined | restricted(notDetermined, r) | ✗ |
    /// | denied         | ✗                 | authorized(acc)     | denied  | notDetermined | restricted(denied, r) | ✗ |
    /// | authorized(g)  | ✗                 | authorized(acc)     | denied  | notDetermined | restricted(remembered, r) | ✗ |
    /// | restricted(notDetermined, r0) | allow: restricted(authorized, r0), deny: restricted(denied, r0), allowOnce: restricted(notDetermined, r0) | ✗ | ✗ | ✗ | restricted(notDetermined, r0): the first reason stands | notDetermined |
    /// | restricted(d, r0) | ✗              | ✗                   | ✗       | ✗             | restricted(d, r0): the first reason stands | state of d |
    ///
    /// An answer to a prompt that was up when the restriction came (the
    /// desktop's switch turned off meanwhile) is kept for when it is lifted;
    /// "allow once" is not a decision to keep, so it is asked again then.
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
        case (.restricted(.notDetermined, let restriction), .answered(let answer)):
            let kept: UserDecision = switch answer {
            case .allow: .authorized(.full)
            case .deny: .denied
            case .allowOnce: .notDetermined
            }
            return .restricted(remembered: kept, by: restriction)
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
