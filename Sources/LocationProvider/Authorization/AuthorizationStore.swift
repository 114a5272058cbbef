public import ForecastlyBase

/// Where the user's decision is remembered between runs. Behind a protocol
/// so tests (and programs embedding forecastly) can keep it in memory.
public protocol AuthorizationStore: Sendable {
    /// The remembered decision; a store that cannot be read reports why and
    /// counts as `notDetermined` (asking again is safe, guessing is not).
    func load() async -> StoredAuthorization
    func save(_ decision: UserDecision) async throws(AuthorizationStoreError)
}

public struct StoredAuthorization: Sendable, Equatable {
    public var decision: UserDecision
    /// Why the stored decision could not be used, for a warning.
    public var problem: MessageText?

    public init(decision: UserDecision, problem: MessageText? = nil) {
        self.decision = decision
        self.problem = problem
    }
}

public struct AuthorizationStoreError: Error, Sendable, Equatable, UserFacingError {
    /// The two files kept beside the configuration.
    public enum Saved: Sendable, Equatable {
        case decision
        case storedPlace
        /// The stored place could not be removed (`location unset`).
        case storedPlaceRemoval
    }

    public var path: String
    public var reason: String
    /// What could not be saved.
    public var what: Saved
    /// The system's errno, for the exit status; 0 when unknown.
    public var code: Int32

    public init(path: String, reason: String, what: Saved = .decision, code: Int32 = 0) {
        self.path = path
        self.reason = reason
        self.what = what
        self.code = code
    }

    public var summaryMessage: MessageText {
        let values = ["path": path, "reason": reason.strippingTerminalControls(limit: 200)]
        return switch what {
        case .decision: MessageText("Cannot save the location decision to {path}: {reason}.", values)
        case .storedPlace: MessageText("Cannot save the stored place to {path}: {reason}.", values)
        case .storedPlaceRemoval: MessageText("Cannot remove the stored place {path}: {reason}.", values)
        }
    }
    public var adviceMessage: MessageText? {
        switch exitStatus {
        case .ioError: MessageText("Check the free space and the disk there, then try again; the previous one is kept.")
        default: MessageText("Check that the directory is writable (or set XDG_CONFIG_HOME); the previous one is kept.")
        }
    }
    public var exitStatus: ExitStatus { code == 0 ? .cannotCreate : ExitStatus.forWriting(errno: code) }
}
